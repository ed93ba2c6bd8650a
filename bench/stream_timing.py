#!/usr/bin/env python3
"""Stream timings at the monitor: play → first sound, and a dropped connection → sound again.

Records the default sink's monitor with parec and measures, in 10 ms windows, the level of
the station's 440 Hz tone (as duck_reaction.py does). The players are driven on their own
control sockets, each already running and idle before anything is timed:
  rondod  JSON-RPC, `queue.set {items: [URL], play: true}`; `remote.send stop`
  mpd     its protocol, `clear` `add URL` `play` in one command list; `stop`
  mpv     JSON IPC, `loadfile URL replace`; `stop`

Modes (PLAYERS is a comma-separated list of name=socket, e.g. rondod=/tmp/r.sock):
  first-sound PLAYERS UPSTREAM_PORT ROUNDS
      Each player plays http://127.0.0.1:PROXY/live.mp3 through a TCP proxy in front of
      UPSTREAM_PORT (Icecast). Each round, each player in turn (the order rotates from round
      to round), from silence: the time from just before the command to the first window in
      which the tone is heard (above -50 dBFS) and to the first at full level (within 3 dB
      of the reference, -9 dBFS: a fade-in shows as the difference). Also the command's
      round trip, when the player's connection reached the proxy, when the server's reply
      headers and its first byte of audio went through it (Icecast adds a new listener to
      the mount on its source thread's next pass: every player waits for that), and the
      player's own share: from that first byte of audio to the tone heard.
  reconnect PLAYERS UPSTREAM_PORT ROUNDS
      A TCP proxy on 127.0.0.1 in front of UPSTREAM_PORT (Icecast); each player plays
      http://127.0.0.1:PROXY/live.mp3 for 6 s, then every connection through the proxy is
      cut (an abortive close, RST, to the player). From the cut: when the player connects
      again (the proxy's next accept), when the tone stops being heard (its read-ahead runs
      out), and when it is heard again; watched for 12 s ("seamless": never silent in that time).
  play NAME SOCKET URL / stop NAME SOCKET
      One command, for the CPU rounds of stream.sh.
Each round prints a line "ROUND name field=value…"; the end, "SUMMARY name field p50 min max n".
Usage: stream_timing.py MODE ARGS…
"""
import json
import math
import socket
import struct
import subprocess
import sys
import threading
import time

from rondo_rpc import RondoRPC

RATE, WINDOW = 44100, 441
HEARD_DBFS = -50.0  # a window with the tone above this is "heard"
FULL_DBFS = 20 * math.log10(0.5 / math.sqrt(2))  # the station's tone: a sine at half of full scale
MOUNT = "/live.mp3"


def level(samples, frequency=440.0):
    """The level of `frequency` in `samples`, in dBFS (Goertzel)."""
    coefficient = 2 * math.cos(2 * math.pi * frequency / RATE)
    previous = before = 0.0
    for sample in samples:
        previous, before = sample + coefficient * previous - before, previous
    power = previous * previous + before * before - coefficient * previous * before
    rms = 2 * math.sqrt(max(power, 0)) / len(samples) / math.sqrt(2)
    return 20 * math.log10(rms) if rms > 0 else -200.0


class Monitor:
    """parec on the default monitor; windows[i] = (arrival time, 440 Hz level)."""

    def __init__(self):
        self.windows = []
        self.lock = threading.Lock()
        self.parec = subprocess.Popen(
            ["parec", "-d", "@DEFAULT_MONITOR@", "--format=float32le", "--rate=44100", "--channels=1", "--raw",
             "--latency-msec=5"], stdout=subprocess.PIPE)
        threading.Thread(target=self.record, daemon=True).start()
        while not self.windows:
            time.sleep(0.05)

    def record(self):
        while True:
            data = self.parec.stdout.read(WINDOW * 4)
            if len(data) < WINDOW * 4:
                return
            value = level(struct.unpack(f"<{WINDOW}f", data))
            with self.lock:
                self.windows.append((time.monotonic(), value))
                if len(self.windows) > 200_000:
                    del self.windows[:100_000]

    def since(self, start):
        with self.lock:
            return [(arrival, value) for arrival, value in self.windows if arrival > start]

    def first(self, start, predicate, timeout):
        """Arrival of the first window after start whose level satisfies predicate, or None."""
        deadline = start + timeout
        while time.monotonic() < deadline:
            for arrival, value in self.since(start):
                if predicate(value):
                    return arrival
            time.sleep(0.01)
        return None

    def wait_silence(self, seconds=0.3, timeout=10):
        """Waits until the tone has not been heard for `seconds`; True if it happened."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = time.monotonic()
            recent = self.since(now - seconds)
            if len(recent) >= seconds * 80 and all(value < HEARD_DBFS for _, value in recent):
                return True
            time.sleep(0.05)
        return False

    def close(self):
        self.parec.terminate()
        self.parec.wait()


class Rondod(RondoRPC):
    def play(self, url):
        self.call("queue.set", {"items": [url], "startIndex": 0, "play": True})

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
        lines = []
        while True:
            line = self.file.readline().decode().rstrip("\n")
            if line == "OK":
                return lines
            if line.startswith("ACK"):
                raise RuntimeError(f"mpd: {line}")
            lines.append(line)

    def play(self, url):
        self.command(f'command_list_begin\nclear\nadd "{url}"\nplay\ncommand_list_end\n')

    def stop(self):
        self.command("stop\n")


class Mpv:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.next = 1

    def command(self, *arguments):
        request_id = self.next
        self.next += 1
        self.sock.sendall(json.dumps({"command": list(arguments), "request_id": request_id}).encode() + b"\n")
        while True:
            reply = json.loads(self.file.readline())
            if reply.get("request_id") == request_id and "event" not in reply:
                if reply.get("error") != "success":
                    raise RuntimeError(f"mpv: {arguments}: {reply}")
                return reply.get("data")

    def play(self, url):
        self.command("loadfile", url, "replace")

    def stop(self):
        self.command("stop")


PLAYERS = {"rondod": Rondod, "mpd": Mpd, "mpv": Mpv}


def players(spec):
    return [(name, PLAYERS[name](path)) for name, path in (item.split("=", 1) for item in spec.split(","))]


class Proxy:
    """A TCP proxy on 127.0.0.1 to an upstream port whose connections can all be cut at once."""

    def __init__(self, upstream_port):
        self.upstream_port = upstream_port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.connections = []
        self.accepts = []  # per connection: {"accepted": time, "first_byte": time of the server's first byte}
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.listener.accept()
            record = {"accepted": time.monotonic(), "first_byte": None, "first_audio": None, "head": b""}
            with self.lock:
                self.accepts.append(record)
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
            with self.lock:
                self.connections.append((client, upstream))
            threading.Thread(target=self.pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self.pump, args=(upstream, client, record), daemon=True).start()

    def pump(self, source, target, record=None):
        try:
            while data := source.recv(65536):
                if record is not None and record["first_audio"] is None:
                    self.note(record, data)
                target.sendall(data)
        except OSError:
            pass
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        with self.lock:  # closed by either end: no longer one to cut
            self.connections = [pair for pair in self.connections if source not in pair]

    @staticmethod
    def note(record, data):
        """Notes when the server's first byte, and its first byte after the headers, went through."""
        now = time.monotonic()
        if record["first_byte"] is None:
            record["first_byte"] = now
        record["head"] += data
        if b"\r\n\r\n" in record["head"]:
            if record["head"].split(b"\r\n\r\n", 1)[1]:
                record["first_audio"] = now
        elif len(record["head"]) > 65536:
            record["first_audio"] = now

    def cut(self):
        """Closes every connection abortively (RST to the player); returns when it did."""
        with self.lock:
            connections, self.connections = self.connections, []
        cut = time.monotonic()
        for client, upstream in connections:
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            for sock in (client, upstream):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
        return cut, len(connections)

    def first_accept(self, after):
        """The first connection accepted after `after` (its record), or None."""
        with self.lock:
            later = [record for record in self.accepts if record["accepted"] > after]
        return later[0] if later else None


def milliseconds(moment, start):
    return None if moment is None else (moment - start) * 1000


def report(results, fields):
    for name, rows in results.items():
        for field in fields:
            if not any(field in row for row in rows):
                continue
            values = sorted(row[field] for row in rows if isinstance(row.get(field), (int, float)))
            if values:
                print(f"SUMMARY {name} {field} {values[len(values) // 2] if len(values) % 2 else (values[len(values) // 2 - 1] + values[len(values) // 2]) / 2:.1f}"
                      f" {values[0]:.1f} {values[-1]:.1f} {len(values)}/{len(rows)}", flush=True)
            else:
                print(f"SUMMARY {name} {field} none - - 0/{len(rows)}", flush=True)


def first_sound(spec, upstream_port, rounds):
    clients = players(spec)
    proxy = Proxy(upstream_port)
    url = f"http://127.0.0.1:{proxy.port}{MOUNT}"
    monitor = Monitor()
    results = {name: [] for name, _ in clients}
    for round_number in range(rounds):
        shift = round_number % len(clients)
        for name, player in clients[shift:] + clients[:shift]:
            if not monitor.wait_silence():
                print(f"# {name}: the monitor was not silent before the round", flush=True)
            start = time.monotonic()
            player.play(url)
            replied = time.monotonic()
            heard = monitor.first(start, lambda value: value > HEARD_DBFS, 10)
            full = monitor.first(start, lambda value: value > FULL_DBFS - 3, 10)
            connection = proxy.first_accept(start) or {}
            served = connection.get("first_audio")
            row = {"heard_ms": milliseconds(heard, start), "full_ms": milliseconds(full, start),
                   "reply_ms": milliseconds(replied, start), "connect_ms": milliseconds(connection.get("accepted"), start),
                   "headers_ms": milliseconds(connection.get("first_byte"), start),
                   "first_audio_ms": milliseconds(served, start),
                   "own_ms": milliseconds(heard, served) if heard and served else None}
            results[name].append(row)
            print(f"ROUND {round_number} {name} " + " ".join(
                f"{key}={'none' if value is None else f'{value:.1f}'}" for key, value in row.items()), flush=True)
            time.sleep(1.0)
            player.stop()
    monitor.close()
    report(results, ("heard_ms", "full_ms", "reply_ms", "connect_ms", "headers_ms", "first_audio_ms", "own_ms"))


def reconnect(spec, upstream_port, rounds, watch=12.0):
    clients = players(spec)
    proxy = Proxy(upstream_port)
    url = f"http://127.0.0.1:{proxy.port}{MOUNT}"
    monitor = Monitor()
    results = {name: [] for name, _ in clients}
    for round_number in range(rounds):
        shift = round_number % len(clients)
        for name, player in clients[shift:] + clients[:shift]:
            monitor.wait_silence()
            player.play(url)
            if monitor.first(time.monotonic() - 0.5, lambda value: value > HEARD_DBFS, 10) is None:
                print(f"# {name}: never heard before the cut", flush=True)
            time.sleep(6)
            cut, count = proxy.cut()
            silent = monitor.first(cut, lambda value: value < HEARD_DBFS, watch)
            again = monitor.first(silent, lambda value: value > HEARD_DBFS, watch - (silent - cut)) if silent else None
            if silent is None:
                outcome = "seamless"  # heard throughout the watch
            elif again is None:
                outcome = "does-not-resume"
            else:
                outcome = "resumed"
            row = {"connections_cut": count, "reconnect_ms": milliseconds((proxy.first_accept(cut) or {}).get("accepted"), cut),
                   "silent_from_ms": milliseconds(silent, cut), "heard_again_ms": milliseconds(again, cut),
                   "gap_ms": milliseconds(again, silent) if again else None, "outcome": outcome}
            results[name].append(row)
            print(f"ROUND {round_number} {name} " + " ".join(
                f"{key}={'none' if value is None else (f'{value:.1f}' if isinstance(value, float) else value)}"
                for key, value in row.items()), flush=True)
            try:
                player.stop()
            except (OSError, RuntimeError) as error:
                print(f"# {name}: stop: {error}", flush=True)
    monitor.close()
    for name, rows in results.items():
        outcomes = {}
        for row in rows:
            outcomes[row["outcome"]] = outcomes.get(row["outcome"], 0) + 1
        print(f"OUTCOMES {name} " + " ".join(f"{key}={value}" for key, value in sorted(outcomes.items())), flush=True)
    report(results, ("reconnect_ms", "silent_from_ms", "heard_again_ms", "gap_ms"))


def main():
    mode = sys.argv[1]
    if mode == "first-sound":
        first_sound(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif mode == "reconnect":
        reconnect(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif mode == "play":
        PLAYERS[sys.argv[2]](sys.argv[3]).play(sys.argv[4])
    elif mode == "stop":
        PLAYERS[sys.argv[2]](sys.argv[3]).stop()
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
