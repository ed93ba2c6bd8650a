#!/usr/bin/env python3
"""Foreign duck reaction: the time from another program's navigation prompt being heard to
the music being heard ducked.

Records the default sink's monitor with parec and, over N rounds, starts
`paplay --property=media.role=navigation` with a 1.5 s 1000 Hz prompt while a 440 Hz tone
plays. Each round is timed at the monitor alone, in 10 ms windows every 2.5 ms, from the first in which the
prompt is heard (1000 Hz 20 dB above its level before) to the first in which the music's 440 Hz level is
1 dB (the duck heard to begin) and 6 dB below what it was, so the capture latency is in
neither end. Prints "NAME -D dB p50 P ms p95 P ms" lines; with --compare FILE also the
ratio of the p50s and p95s against the figures another run saved with --save FILE.
Usage: foreign_duck_reaction.py NAME PROMPT_WAV ROUNDS [--save FILE] [--compare FILE]
"""
import json, math, struct, subprocess, sys, threading, time

RATE, WINDOW, HOP = 44100, 441, 110
HANN = [0.5 - 0.5 * math.cos(2 * math.pi * n / (WINDOW - 1)) for n in range(WINDOW)]
name, prompt, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
options = dict(zip(sys.argv[4::2], sys.argv[5::2]))
THRESHOLDS = (1, 6)
windows = []  # (index, 440 Hz level, 1000 Hz level), in dBFS, over 10 ms of monitor audio every 2.5 ms


def level(samples, frequency):
    coefficient = 2 * math.cos(2 * math.pi * frequency / RATE)
    previous = before = 0.0
    # A Hann window keeps each tone out of the other's filter (560 Hz apart, 100 Hz bins).
    for sample, weight in zip(samples, HANN):
        previous, before = sample * weight + coefficient * previous - before, previous
    power = previous * previous + before * before - coefficient * previous * before
    rms = 2 * math.sqrt(max(power, 0)) / (len(samples) * 0.5) / math.sqrt(2)
    return 20 * math.log10(rms) if rms > 0 else -200.0


def record():
    parec = subprocess.Popen(["parec", "-d", "@DEFAULT_MONITOR@", "--format=float32le", "--rate=44100",
                              "--channels=1", "--raw", "--latency-msec=5"], stdout=subprocess.PIPE)
    recent = []
    while True:
        data = parec.stdout.read(HOP * 4)
        if len(data) < HOP * 4:
            return
        recent = (recent + list(struct.unpack(f"<{HOP}f", data)))[-WINDOW:]
        if len(recent) == WINDOW:
            windows.append((len(windows), level(recent, 440.0), level(recent, 1000.0)))


def settle(seconds):
    """Waits until `seconds` of monitor audio have arrived after now; returns the first index."""
    first = len(windows)
    while len(windows) < first + seconds * RATE / HOP:
        time.sleep(0.02)
    return first


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(fraction * len(values)))]


threading.Thread(target=record, daemon=True).start()
settle(0.5)
results = {drop: [] for drop in THRESHOLDS}
for _ in range(rounds):
    start = settle(0.6)
    full = sorted(music for _, music, _ in windows[start - 120:start])[60]
    quiet = sorted(tone for _, _, tone in windows[start - 120:start])[60]
    subprocess.run(["paplay", "--property=media.role=navigation", prompt], check=True)
    settle(0.6)  # the music's way back, and the prompt's last windows
    after = windows[start:]
    heard = next((index for index, _, tone in after if tone > quiet + 20), None)
    if heard is None:
        continue
    for drop in THRESHOLDS:
        ducked = next((index for index, music, _ in after if index >= heard - 40 and music < full - drop), None)
        if ducked is not None:
            results[drop].append((ducked - heard) * HOP / RATE * 1000)
saved = {}
for drop in THRESHOLDS:
    times = results[drop]
    p50, p95 = percentile(times, 0.5), percentile(times, 0.95)
    saved[str(drop)] = [p50, p95]
    print(f"{name} -{drop} dB p50 {p50:.1f} ms p95 {p95:.1f} ms ({len(times)}/{rounds} heard)")
if "--save" in options:
    json.dump(saved, open(options["--save"], "w"))
if "--compare" in options:
    peer = json.load(open(options["--compare"]))
    for drop in THRESHOLDS:
        mine, theirs = saved[str(drop)], peer[str(drop)]
        ratio = f", p95 ratio {theirs[1] / mine[1]:.2f}x" if mine[1] > 0 else ""
        print(f"at -{drop} dB the saved run is {theirs[0] - mine[0]:+.1f} ms (p50), {theirs[1] - mine[1]:+.1f} ms (p95) from {name}{ratio}")
