"""kill -9 at random moments, and audio-server restarts: state survives the daemon's crash
exactly, and sound survives the audio server's."""

import os
import random
import sys
import sqlite3
import time

from rig import AudioServer, Client, Daemon, Work, extrapolated_elapsed, fixture

TRACKS = [fixture(name) for name in ("long440.mp3", "steps.mp3", "tone440.mp3", "speech440.mp3")]
ACTIONS = [
    ("remote.send", {"command": "nextTrack"}), ("remote.send", {"command": "previousTrack"}),
    ("remote.send", {"command": "changePlaybackPosition", "positionTime": 3.5}),
    ("remote.send", {"command": "skipForward"}), ("remote.send", {"command": "changePlaybackRate"}),
    ("remote.send", {"command": "changeShuffleMode"}), ("remote.send", {"command": "changeRepeatMode"}),
    ("remote.send", {"command": "like"}), ("remote.send", {"command": "bookmark"}),
    ("remote.send", {"command": "play"}), ("queue.move", {"from": 0, "to": 3}),
]


def snapshot(client):
    """What must survive: queue, index, modes, rate, feedback and the extrapolated position."""
    queue = client.call("queue.get")
    playing = client.call("nowPlaying.get")
    commands = {c["command"]: c for c in client.call("remote.list")}
    return {
        "queue": [item["assetURL"] for item in queue["items"]], "index": queue["index"],
        "shuffle": queue["shuffle"], "repeat": queue["repeat"],
        "rate": commands["changePlaybackRate"].get("currentPlaybackRate"),
        "like": commands["like"].get("isActive"), "bookmark": commands["bookmark"].get("isActive"),
        "elapsed": extrapolated_elapsed(playing), "duration": playing["info"].get("playbackDuration") or 0,
    }


def kills(settings):
    """Random commands, then SIGKILL at a random moment, then a restart on the same database."""
    rounds = 10 if settings.ci else 50
    rng = random.Random(settings.seed)
    work = Work("kills")
    pulse = AudioServer(work)
    exact = 0
    integrity = 0
    misses = []
    try:
        daemon = Daemon(work, pulse=pulse)
        with Client(daemon.socket) as client:
            client.call("queue.set", {"items": TRACKS, "play": True})
        for round_ in range(rounds):
            with Client(daemon.socket) as client:
                for _ in range(rng.randint(0, 4)):
                    method, params = rng.choice(ACTIONS)
                    try:
                        client.call(method, params)
                    except Exception:
                        pass
                client.call("remote.send", {"command": "play"})
                time.sleep(rng.uniform(0.1, 1.5))
                before = snapshot(client)
            daemon.kill()
            try:
                connection = sqlite3.connect(f"file:{daemon.database}?mode=ro", uri=True)
                integrity += connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                connection.close()
            except sqlite3.Error:
                pass
            daemon = Daemon(work, pulse=pulse, database=daemon.database, socket_path=daemon.socket)
            with Client(daemon.socket) as client:
                after = snapshot(client)
            # The snapshot was taken just before the kill: the position then is the one to find.
            expected_elapsed = before["elapsed"]
            same = all(before[key] == after[key] for key in ("queue", "index", "shuffle", "repeat", "rate", "like", "bookmark"))
            near = abs(after["elapsed"] - expected_elapsed) <= 1.0
            if same and near:
                exact += 1
            else:
                misses.append((round_, {k: (before[k], after[k]) for k in before if before[k] != after[k]}))
        daemon.stop()
    finally:
        pulse.stop()
        work.close()
    ok = exact == rounds and integrity == rounds
    detail = f"; first miss {misses[0]}" if misses else ""
    return ok, f"{exact}/{rounds} exact restores, {integrity}/{rounds} integrity_check ok{detail}", \
        f"kill -9 at {rounds} random moments while playing, after random commands (seed {settings.seed})"


def restarts(settings, kind):
    """The audio server killed by PID and started again on the same socket while music plays."""
    rounds = 5 if settings.ci else 20
    rng = random.Random(settings.seed)
    work = Work(f"restarts-{kind}")
    try:
        server = AudioServer(work, kind)
    except RuntimeError as error:
        # The audio server itself never came up on this machine (PipeWire, twice, right
        # after the test suite's own PipeWire runs): nothing of Rondo's was tried.
        work.close()
        return None, f"{kind} could not be started here: {error}", f"{kind} killed by PID while music plays"
    by_itself = after_play = heard = answered = lies = within = 0
    recovery = []
    levels = []
    try:
        daemon = Daemon(work, pulse=server)
        with Client(daemon.socket) as client:
            client.call("queue.set", {"items": [fixture("long440.mp3")], "play": True})
            client.call("remote.send", {"command": "changeRepeatMode", "repeatType": "one"})
            for _ in range(rounds):
                time.sleep(1.0)
                server.kill()
                outage_end = time.time() + rng.uniform(1, 3)
                while time.time() < outage_end:
                    try:
                        state = client.call("nowPlaying.get")
                        client.call("daemon.info")
                        answered += 1
                        lies += state["playbackState"] == "playing" and time.time() > outage_end - 0.8
                    except OSError:
                        pass
                    time.sleep(0.1)
                noted = extrapolated_elapsed(client.call("nowPlaying.get"))
                server.start()
                back = time.time()
                resumed = False
                while time.time() - back < 5:
                    if client.call("nowPlaying.get")["playbackState"] == "playing":
                        resumed = True
                        break
                    time.sleep(0.05)
                if resumed:
                    by_itself += 1
                    recovery.append(time.time() - back)
                else:
                    # What the daemon said about the round it did not resume by itself.
                    print(f"restarts-{kind}: not resumed by itself; rondod's log ends:\n"
                          + "\n".join(daemon.log_text().splitlines()[-25:]), file=sys.stderr)
                    after_play += client.call("remote.send", {"command": "play"})["status"] == "success"
                resumed_at = extrapolated_elapsed(client.call("nowPlaying.get"))
                # A repeated 20 s track may wrap around between the two readings.
                within += min(abs(resumed_at - noted), abs(resumed_at - noted + 20), abs(resumed_at - noted - 20)) <= 1.0
                level = server.level(0.6, 440)
                levels.append(level)
                heard += level > -30
        daemon.stop()
    finally:
        server.stop()
        work.close()
    recovery.sort()
    p50 = recovery[len(recovery) // 2] if recovery else float("nan")
    ok = heard == rounds and lies == 0 and by_itself + after_play == rounds and within == rounds
    return ok, (f"{heard}/{rounds} heard again ({by_itself} by itself, {after_play} after play), "
                f"recovery p50 {p50:.2f} s, quietest {min(levels, default=-200):.1f} dBFS at 440 Hz, {lies} polls said playing with no server, {answered} answers during outages"), \
        f"{rounds} kills of {kind} by PID, 1–3 s outages, music at a null sink's monitor"
