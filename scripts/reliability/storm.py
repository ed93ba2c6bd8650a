"""A chime storm: 200 other programs' notification chimes (paplay with media.role=event)
appearing and going within 10 s while rondod plays music. Each is adopted into a session
that ducks the music and is closed when its stream goes; afterwards nothing is left
adopted or ducked, and the daemon's CPU and memory are back where they were."""

import os
import subprocess
import time

from rig import AudioServer, Client, Daemon, Work, fixture

CHIMES = 200
SECONDS = 10.0
# After the storm the daemon must idle as before (a core's share over a quiet span) and
# hold what it held (anonymous memory, after a first storm warmed its tables).
ALLOWED_CPU_POINTS = 1.0
ALLOWED_GROWTH_KIB = 2 * 1024
QUIET_SECONDS = 2.0


def rss_anon_kib(daemon):
    return daemon.status_field("RssAnon")


def cpu_percent(pid, seconds):
    """The share of one core `pid` used over the next `seconds`."""
    def ticks():
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    before = ticks()
    time.sleep(seconds)
    return 100.0 * (ticks() - before) / os.sysconf("SC_CLK_TCK") / seconds


def storm(pulse):
    """Starts CHIMES chimes evenly over SECONDS; returns once every one has ended."""
    env = dict(os.environ, PULSE_SERVER=pulse.server)
    chimes = []
    start = time.monotonic()
    for index in range(CHIMES):
        delay = start + index * SECONDS / CHIMES - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        chimes.append(subprocess.Popen(["paplay", "--property=media.role=event", fixture("prompt-short.wav")], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    return sum(chime.wait() != 0 for chime in chimes)


def settled(client, seconds=10):
    """Waits until no foreign session is left and the player is active at full gain."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sessions = client.call("session.list")
        player = next((s for s in sessions if s["session"] == "rondo.player"), None)
        if not any("foreign" in s for s in sessions) and player and player["state"] == "active" and player["gain"] == 1:
            return True
        time.sleep(0.05)
    return False


def chime_storm(settings):
    del settings  # a storm needs its size in --ci too
    work = Work("storm")
    pulse = AudioServer(work)
    daemon = None
    try:
        daemon = Daemon(work, pulse=pulse, extra=["--log-level", "debug"])
        with Client(daemon.socket, timeout=10) as client:
            # Music for longer than both storms and their quiet spans.
            client.call("queue.set", {"items": [fixture("long440.mp3")] * 5, "play": True})
            failed = storm(pulse)  # a first storm warms the daemon's tables
            warm = settled(client)
            memory_before = rss_anon_kib(daemon)
            cpu_before = cpu_percent(daemon.pid, QUIET_SECONDS)
            failed += storm(pulse)
            clean = settled(client)
            cpu_after = cpu_percent(daemon.pid, QUIET_SECONDS)
            memory_after = rss_anon_kib(daemon)
        adopted = daemon.log_text().count(" is session foreign")
        alive = daemon.alive()
    finally:
        if daemon:
            daemon.stop()
        pulse.stop()
        work.close()
    ok = (alive and warm and clean and failed == 0 and adopted >= 2 * CHIMES
          and cpu_after <= cpu_before + ALLOWED_CPU_POINTS and memory_after <= memory_before + ALLOWED_GROWTH_KIB)
    summary = (f"{adopted} chimes adopted of {2 * CHIMES}, {failed} failed to play; "
               f"{'nothing' if clean else 'something'} left adopted or ducked; CPU idle {cpu_before:.1f} % → "
               f"{cpu_after:.1f} %, RssAnon {memory_before / 1024:.1f} → {memory_after / 1024:.1f} MiB")
    return ok, summary, (f"{CHIMES} chimes in {SECONDS:.0f} s, twice; after the second, no foreign session and the "
                         f"music at full gain within 10 s, CPU ≤ before + {ALLOWED_CPU_POINTS:.0f} point, RssAnon ≤ "
                         f"before + {ALLOWED_GROWTH_KIB // 1024} MiB")
