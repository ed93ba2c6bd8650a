#!/usr/bin/env python3
"""Snapcast timings at a snapclient's output: play → first sound, and gaps in a stretch of it.

The listener is `snapclient --player file:filename=PCM`: raw 48000:16:2, written by its file
player every 50 ms in 50 ms blocks (9600 bytes, from the start of the file), each block the
audio snapclient schedules to be heard from 10 ms after it writes it (the player's declared
delay). The file is watched with inotify (IN_MODIFY): at each write the new bytes are read
and stamped with CLOCK_MONOTONIC, so a sample's time is the write time of its block + 10 ms +
its offset in the block / 48000: when snapclient has it heard, not when a poll saw it.
A sample is sound when |value| ≥ 33 (-60 dBFS); the test track is far louder.

Modes:
  first-sound NAME SOCKET PCM ROUNDS WAIT
      NAME is rondod (SOCKET: its JSON-RPC socket; `remote.send {command: play|stop}`) or mpd
      (SOCKET: its protocol socket; `play` / `stop`); the track is queued, the daemon stopped.
      Each round: stop, wait until the output has been silent for 300 ms (stop → silence,
      to 50 ms: from the stop command to the start of the first silent block; not in round 1),
      then WAIT s (+ 0–100 ms at random, so that the command falls anywhere in the 20 ms and
      50 ms ticks), then from just before the play command to the first sound heard; then
      1 s of playing. Also the play command's round trip and the loudest sample of the
      second before the command (0: clean silence while stopped).
      Prints "ROUND NAME i first_ms=… reply_ms=… stop_silence_ms=… stopped_peak=…" lines
      and "SUMMARY NAME field p50 min max n" lines.
  gaps PCM START END
      Silent runs (every sample 0) of ≥ 2.5 ms in bytes START..END of PCM, where the music
      (the track: a chord over pink noise, never 2.5 ms of digital silence) should play on.
      Prints "gaps N total_ms T longest_ms L seconds S".
Usage: snapcast_first_sound.py MODE ARGS…
"""
import array
import ctypes
import os
import random
import re
import socket
import statistics
import sys
import threading
import time

from rondo_rpc import RondoRPC

RATE, FRAME = 48000, 4  # 48000:16:2
BLOCK = RATE // 20 * FRAME  # the file player's 50 ms block
PLAYER_DELAY = 0.010  # the file player asks for audio to be heard 10 ms after it writes it
LOUD = 33  # -60 dBFS
IN_MODIFY = 0x2


class Output:
    """snapclient's PCM file, read as it grows; samples with the time snapclient has them heard."""

    def __init__(self, path):
        libc = ctypes.CDLL(None, use_errno=True)
        self.inotify = libc.inotify_init1(0)
        if self.inotify < 0 or libc.inotify_add_watch(self.inotify, path.encode(), IN_MODIFY) < 0:
            raise OSError(ctypes.get_errno(), "inotify")
        self.file = open(path, "rb")
        self.offset = os.fstat(self.file.fileno()).st_size
        self.offset -= self.offset % BLOCK  # the block being written is read again, whole
        self.block_times = {}  # block start offset → monotonic time its first bytes were seen
        self.pending = b""  # bytes past the last whole frame
        self.lock = threading.Condition()
        self.events = []  # (offset of first frame, time of first frame, loud frame time or None, all quiet)
        self.peaks = []  # (time, peak of a block part)
        threading.Thread(target=self.watch, daemon=True).start()

    def frame_time(self, offset):
        start = offset - offset % BLOCK
        seen = self.block_times.get(start)
        return None if seen is None else seen + PLAYER_DELAY + (offset - start) / FRAME / RATE

    def watch(self):
        while True:
            os.read(self.inotify, 4096)
            now = time.monotonic()
            if os.fstat(self.file.fileno()).st_size < self.offset:  # snapclient opened it again ("w")
                self.offset = 0
                self.block_times.clear()
            self.file.seek(self.offset)
            data = self.file.read()
            if not data:
                continue
            first_block = self.offset + (-self.offset % BLOCK)
            for start in range(first_block, self.offset + len(data), BLOCK):
                self.block_times.setdefault(start, now)
            if self.offset % BLOCK and self.offset - self.offset % BLOCK not in self.block_times:
                self.block_times[self.offset - self.offset % BLOCK] = now
            whole = len(data) - len(data) % FRAME
            samples = array.array("h", data[:whole])
            loud_time = None
            peak = max(max(samples, default=0), -min(samples, default=0))
            if peak >= LOUD:
                index = next(i for i, value in enumerate(samples) if abs(value) >= LOUD)
                loud_time = self.frame_time(self.offset + index // 2 * FRAME)
            with self.lock:
                self.events.append((self.offset, self.frame_time(self.offset), loud_time, peak))
                if len(self.events) > 20000:
                    del self.events[:10000]
                self.lock.notify_all()
            self.offset += whole

    def first_loud(self, after, timeout):
        """The time of the first sound heard at or after `after`, or None."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for _, _, loud, _ in self.events:
                    if loud is not None and loud >= after:
                        return loud
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.lock.wait(remaining)

    def silence_since(self, after, seconds, timeout):
        """The time from which the output has stayed silent for `seconds`, from `after` on; None if not."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while time.monotonic() < deadline:
                quiet_from = None
                for _, start, loud, peak in self.events:
                    if start is None or start < after:
                        continue
                    if peak >= LOUD:
                        quiet_from = None
                    elif quiet_from is None:
                        quiet_from = start
                # the last write's block ends 50 ms after its start
                if quiet_from is not None and self.events[-1][1] + 0.05 - quiet_from >= seconds:
                    return quiet_from
                self.lock.wait(0.1)
        return None

    def peak_between(self, start, end):
        with self.lock:
            return max((peak for _, at, _, peak in self.events if at is not None and start <= at < end), default=0)

    def position(self):
        return self.offset


class Rondod(RondoRPC):
    def play(self):
        self.call("remote.send", {"command": "play"})

    def stop(self):
        self.call("remote.send", {"command": "stop"})


class Mpd:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.file.readline()  # OK MPD x.y.z

    def command(self, text):
        self.sock.sendall(text.encode())
        while True:
            line = self.file.readline().decode().rstrip("\n")
            if line == "OK":
                return
            if line.startswith("ACK") or not line:
                raise RuntimeError(f"mpd: {line}")

    def play(self):
        self.command("play\n")

    def stop(self):
        self.command("stop\n")


def summary(name, rows, field):
    values = [row[field] for row in rows if row.get(field) is not None]
    if values:
        print("SUMMARY %s %s %.1f %.1f %.1f %d" % (name, field, statistics.median(values), min(values), max(values),
                                                    len(values)))
    else:
        print(f"SUMMARY {name} {field} - - - 0")


def first_sound(name, path, pcm, rounds, wait):
    player = {"rondod": Rondod, "mpd": Mpd}[name](path)
    output = Output(pcm)
    rows = []
    for index in range(1, rounds + 1):
        stopped_at = time.monotonic()
        player.stop()
        quiet = output.silence_since(stopped_at, 0.3, 10)
        time.sleep(wait + random.uniform(0, 0.1))
        # (round 1 starts stopped: nothing to time from its stop)
        row = {"stop_silence_ms": None if quiet is None or index == 1 else max(0.0, quiet - stopped_at) * 1000}
        start = time.monotonic()
        row["stopped_peak"] = output.peak_between(start - 1, start)
        player.play()
        row["reply_ms"] = (time.monotonic() - start) * 1000
        heard = output.first_loud(start, 10)
        row["first_ms"] = None if heard is None else (heard - start) * 1000
        rows.append(row)
        print(f"ROUND {name} {index} " + " ".join(
            f"{key}={'-' if value is None else ('%.1f' % value)}" for key, value in row.items()), flush=True)
        time.sleep(1)
    player.stop()
    for field in ("first_ms", "reply_ms", "stop_silence_ms", "stopped_peak"):
        summary(name, rows, field)


def gaps(pcm, start, end):
    with open(pcm, "rb") as file:
        file.seek(start)
        data = file.read(end - start)
    runs = [len(match.group()) for match in re.finditer(rb"\0{480,}", data)]  # 120 frames: 2.5 ms
    ms = lambda size: size / FRAME / RATE * 1000
    print("gaps %d total_ms %.1f longest_ms %.1f seconds %.1f" % (
        len(runs), ms(sum(runs)), ms(max(runs, default=0)), ms(len(data)) / 1000))


def main():
    mode, arguments = sys.argv[1], sys.argv[2:]
    if mode == "first-sound":
        name, path, pcm, rounds, wait = arguments
        first_sound(name, path, pcm, int(rounds), float(wait))
    elif mode == "gaps":
        pcm, start, end = arguments
        gaps(pcm, int(start), int(end))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
