#!/usr/bin/env python3
"""Foreign pause: the time from another program's call starting (paplay with
media.role=phone) to mpv, playing beside it, reporting itself Paused over MPRIS, which
rondod asks of it; and from the call's end to mpv Playing again.

Runs against the audio server of PULSE_SERVER and the session bus of
DBUS_SESSION_BUS_ADDRESS, where rondod must be running. mpv's status changes are read from
`playerctl --follow status` as they arrive. Prints "pause p50 P ms p95 P ms" and the same
for the resume.
Usage: foreign_pause.py CALL_WAV MUSIC_FILE ROUNDS
"""
import os, subprocess, sys, tempfile, threading, time

call, music, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
home = tempfile.mkdtemp()
env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home)
mpv = subprocess.Popen(["mpv", "--no-video", "--ao=pulse", "--idle=no", "--loop", "--no-terminal", music], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
changes = []  # (arrival, status)
lock = threading.Condition()


def follow():
    while True:
        watcher = subprocess.Popen(["playerctl", "-p", "mpv", "--follow", "status"], stdout=subprocess.PIPE, text=True,
                                   stderr=subprocess.DEVNULL)
        for line in watcher.stdout:
            with lock:
                changes.append((time.monotonic(), line.strip()))
                lock.notify_all()
        time.sleep(0.1)


def wait_for(status, since, seconds=5):
    deadline = time.monotonic() + seconds
    with lock:
        while True:
            seen = [arrival for arrival, value in changes if arrival >= since and value == status]
            if seen:
                return seen[0]
            if not lock.wait(max(0, deadline - time.monotonic())):
                return None


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(fraction * len(values)))]


try:
    threading.Thread(target=follow, daemon=True).start()
    if wait_for("Playing", 0, 10) is None:
        raise SystemExit("mpv never played on this bus")
    time.sleep(1)  # rondod adopts mpv's stream as it starts
    pauses, resumes = [], []
    for _ in range(rounds):
        start = time.monotonic()
        phone = subprocess.Popen(["paplay", "--property=media.role=phone", call])
        paused = wait_for("Paused", start)
        phone.wait()
        ended = time.monotonic()
        playing = wait_for("Playing", ended)
        if paused is not None:
            pauses.append((paused - start) * 1000)
        if playing is not None:
            resumes.append((playing - ended) * 1000)
        time.sleep(0.5)
    for name, values in (("pause", pauses), ("resume", resumes)):
        print(f"{name} p50 {percentile(values, 0.5):.0f} ms p95 {percentile(values, 0.95):.0f} ms ({len(values)}/{rounds})")
finally:
    mpv.terminate()
    mpv.wait()
