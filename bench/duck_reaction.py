#!/usr/bin/env python3
"""Duck reaction: the time from a request to the music being heard attenuated.

Records the default sink's monitor with parec while rondod plays a 440 Hz tone, and times,
over N rounds each, (a) `session.activate` of a duckOthers session over rondod's socket and
(b) the peer: `pactl set-sink-input-volume` of rondod's stream to the same gain directly.
Both are timed from just before the request to the first 10 ms window whose 440 Hz level
is 1 dB (the ducking is heard to begin) and 6 dB below the reference (half-way, in dB, to
the duck level; rondod ramps over the policy's ramp_ms to avoid clicks), so the capture
latency is in both and the ratio is fair. Prints "name threshold p50 p90" lines and the
ratios of the medians.
Usage: duck_reaction.py SOCKET [ROUNDS]
"""
import math, os, struct, subprocess, sys, threading, time

from rondo_rpc import RondoRPC

RATE, WINDOW = 44100, 441
socket_path = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
windows = []  # (arrival time, 440 Hz level in dBFS)


def level(samples, frequency=440.0):
    coefficient = 2 * math.cos(2 * math.pi * frequency / RATE)
    previous = before = 0.0
    for sample in samples:
        previous, before = sample + coefficient * previous - before, previous
    power = previous * previous + before * before - coefficient * previous * before
    rms = 2 * math.sqrt(max(power, 0)) / len(samples) / math.sqrt(2)
    return 20 * math.log10(rms) if rms > 0 else -200.0


def record():
    parec = subprocess.Popen(["parec", "-d", "@DEFAULT_MONITOR@", "--format=float32le", "--rate=44100",
                              "--channels=1", "--raw", "--latency-msec=5"], stdout=subprocess.PIPE)
    while True:
        data = parec.stdout.read(WINDOW * 4)
        if len(data) < WINDOW * 4:
            return
        windows.append((time.monotonic(), level(struct.unpack(f"<{WINDOW}f", data))))


Client = RondoRPC


def reaction(full, start):
    """Milliseconds from start to the level first falling 1 dB and 6 dB below full."""
    time.sleep(0.3)
    times = []
    for drop in THRESHOLDS:
        heard = [arrival for arrival, value in list(windows) if start < arrival < start + 1 and value < full - drop]
        times.append((heard[0] - start) * 1000 if heard else None)
    return times


THRESHOLDS = (1, 6)


def reference():
    time.sleep(0.3)
    while True:
        recent = [value for arrival, value in windows if arrival > time.monotonic() - 0.25]
        if len(recent) >= 10:
            return sorted(recent)[len(recent) // 2]
        time.sleep(0.05)


def player_sink_input():
    listing = subprocess.run(["pactl", "list", "sink-inputs"], capture_output=True, text=True).stdout
    index = None
    for line in listing.splitlines():
        if line.startswith("Sink Input #"):
            index = line.split("#")[1]
        if 'rondo.session.id = "rondo.player"' in line:
            return index
    raise SystemExit("rondod's stream was not found; is it playing?")


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(fraction * len(values)))]


threading.Thread(target=record, daemon=True).start()
while not windows:  # a monitor source takes a moment to deliver its first samples
    time.sleep(0.05)
client = Client(socket_path)
session = client.call("session.open", {"name": "bench", "category": "playback", "options": ["duckOthers"]})["session"]
stream = player_sink_input()
cubic = round(0.3 ** (1 / 3) * 65536)
results = {"rondod session.activate": [], "pactl set-sink-input-volume": []}
for _ in range(rounds):
    full = reference()
    start = time.monotonic()
    client.call("session.activate", {"session": session})
    results["rondod session.activate"].append(reaction(full, start))
    client.call("session.deactivate", {"session": session})
    full = reference()
    start = time.monotonic()
    subprocess.run(["pactl", "set-sink-input-volume", stream, str(cubic)], check=True)
    results["pactl set-sink-input-volume"].append(reaction(full, start))
    subprocess.run(["pactl", "set-sink-input-volume", stream, "65536"], check=True)
client.call("session.close", {"session": session})
for column, drop in enumerate(THRESHOLDS):
    medians = {}
    for name, rows in results.items():
        heard = [row[column] for row in rows if row[column] is not None]
        medians[name] = percentile(heard, 0.5)
        print(f"{name} -{drop} dB p50 {medians[name]:.1f} ms p90 {percentile(heard, 0.9):.1f} ms"
              f" ({len(heard)}/{len(rows)} heard)")
    names = list(medians)
    print(f"ratio at -{drop} dB {medians[names[0]] / medians[names[1]]:.2f}")
