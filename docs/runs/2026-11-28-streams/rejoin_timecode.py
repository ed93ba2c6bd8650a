#!/usr/bin/env python3
"""What a listener hears around a live rejoin: the station sends a chirp whose frequency is
a time code (300 + 100·(t mod 10) Hz); the monitor is recorded while a player plays it through
stream_timing.py's Proxy, the proxy cuts the connection, and each 50 ms window's frequency
(from zero crossings) is turned back into station time. Prints every jump of that time code
that is not the 50 ms a window advances: a jump back is audio heard twice, forward is audio lost.
Usage: rejoin_timecode.py PLAYER SOCKET UPSTREAM_PORT [CUTS=3] [DIRECTORY OF stream_timing.py]
(with the station, the players and PulseAudio set up as bench/stream.sh does, the tone
replaced by 0.5*sin(2*PI*(300*t+50*mod(t,10)*mod(t,10))) on both channels)
"""
import struct, subprocess, sys, threading, time
sys.path.insert(0, sys.argv[5] if len(sys.argv) > 5 else ".")
import stream_timing as st

name, path, upstream, cuts = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 3
RATE, WINDOW = 44100, 2205
proxy = st.Proxy(upstream)
url = f"http://127.0.0.1:{proxy.port}/live.mp3"
parec = subprocess.Popen(["parec", "-d", "@DEFAULT_MONITOR@", "--format=s16le", "--rate=44100", "--channels=1",
                          "--raw", "--latency-msec=10"], stdout=subprocess.PIPE)
windows = []
def record():
    while True:
        data = parec.stdout.read(WINDOW * 2)
        if len(data) < WINDOW * 2:
            return
        samples = struct.unpack(f"<{WINDOW}h", data)
        loud = max(abs(s) for s in samples) > 1000
        crossings = sum(1 for a, b in zip(samples, samples[1:]) if (a < 0) != (b < 0))
        frequency = crossings / 2 / (WINDOW / RATE)
        windows.append((time.monotonic(), frequency if loud else None))
threading.Thread(target=record, daemon=True).start()
player = st.PLAYERS[name](path)
player.play(url)
time.sleep(8)
marks = []
for _ in range(cuts):
    cut, count = proxy.cut()
    marks.append(cut)
    time.sleep(10)
player.stop()
time.sleep(0.5)
parec.terminate()
start = marks[0] - 8
with open("windows.txt", "w") as out:
    for arrival, frequency in windows:
        out.write(f"{arrival - start:.3f} {frequency if frequency is not None else -1:.1f}\n")
previous = None
for arrival, frequency in windows:
    code = None if frequency is None else (frequency - 300) / 100
    if previous is not None and code is not None and previous[1] is not None:
        step = (code - previous[1]) % 10
        if step > 5: step -= 10
        if abs(step - 0.05) > 0.3:
            print(f"t={arrival - start:6.2f}s time code {previous[1]:.2f} -> {code:.2f}: {'back' if step < 0 else 'ahead'} {abs(step):.2f} s")
    if code is None and (previous is None or previous[1] is not None):
        print(f"t={arrival - start:6.2f}s silence")
    previous = (arrival, code)
print("cuts at", " ".join(f"{m - start:.2f}s" for m in marks))
