"""The network's faults through the real daemon: each row starts rondod on a private
PulseAudio null sink, queues a station or remote file served by Tests/Support/test_http_server.py
through one fault (with a local file after it), and must end in sound again, heard at the
sink's monitor, or in a clear `unreachable` error (JSON-RPC -32013) with the player gone on
to the next item; never in a hang. Throughout every row a thread asks `daemon.info` again
and again (see below for its limits); after it, the queue is the one the row set.

The ICY metadata flood: the length byte caps a block at 255 × 16 = 4080 bytes, so a
conforming server cannot send 1 MiB in one block. The flood here is a station whose every
block is of that largest size with a new title, after only 256 bytes of audio each
(94 % of the bytes metadata), until 1 MiB of metadata has passed; then one last title and
empty blocks. That is the most a server that keeps to the format can push through the
demuxer and the title events (257 title changes in about four seconds, each a
`nowPlaying.changed`). A huge `icy-metaint` was not chosen: the demuxer refuses intervals
above 1 MiB outright (ICYDemuxer.init) and allocates nothing per interval below, so a large
interval costs no memory and only delays the first block. The flood plays while a prompt
reads from a server trickling a byte a second, and the daemon's anonymous memory
(RssAnon) may grow by less than 16 MiB over the two together.

An HTML page served as text/html is no unreachable server (SPEC §10 keeps `unreachable` for
hosts not found, refusals, TLS failures and HTTP errors): the daemon reached it and could
not decode it, so its clear error is `decodeFailed` (-32010), and the item is skipped as
for `unreachable`. MP3 served as text/html plays.

daemon.info must answer 99 times in 100 within 10 ms and never take 100 ms: what the rule
guards against is the player waiting on the network, which costs seconds, while a machine
busy with other work delays any process's answer by tens of milliseconds now and then. So
that a busy machine can be told from a busy daemon, the same poller asks an echo process
that does no work right after each daemon.info, and the summary gives both.

Every server is started here in a private directory on 127.0.0.1 and stopped by PID."""

import array
import json
import math
import multiprocessing
import os
import shutil
import socket
import subprocess
import threading
import time

import memory
from rig import ROOT, AudioServer, Client, Daemon, RPCError, Work, fixture, stop_pid

SERVER_SCRIPT = os.path.join(ROOT, "Tests", "Support", "test_http_server.py")
STATION_FILE = "long440.mp3"  # 20 s of 440 Hz at 128 kbit/s
BYTES_PER_SECOND = 16_060  # long440.mp3's bytes over its 20 s
UNREACHABLE = -32013
DECODE_FAILED = -32010
# daemon.info: 99 in 100 answers within 10 ms, and none as slow as a wait on the network
# (a connect or read timeout on the player's path costs seconds, not tens of milliseconds).
INFO_P99_S = 0.010
SLOWEST_INFO_S = 0.100
ALLOWED_GROWTH_KIB = 16 * 1024
ROW_DEADLINE_S = 45
# Quick to give up, for the rows that must end unreachable: a drop counts after 3 s, and
# a connection not restored within 5 s more fails.
IMPATIENT = "resume_within_s = 5\n\n[network]\ntimeout_s = 3\n"
# The daemon's defaults (timeout 10 s, restored within 30 s): a 10 s stall is waited out.
DEFAULTS = ""
HTML_PAGE = b"<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>" + b"<p>Welcome to the hotspot.</p>" * 60 + \
    b"</body></html>\n"


class WebServer:
    """test_http_server.py on a directory of its own holding the station's file and an HTML page."""

    def __init__(self, work, name, certificate=None):
        self.base = work.sub(name)
        self.root = os.path.join(self.base, "root")
        os.makedirs(self.root)
        shutil.copy(fixture(STATION_FILE), self.root)
        with open(os.path.join(self.root, "page.html"), "wb") as page:
            page.write(HTML_PAGE)
        port_file = os.path.join(self.base, "port")
        self.log_path = os.path.join(self.base, "requests.log")
        argv = ["/usr/bin/python3", SERVER_SCRIPT, self.root, port_file, self.log_path]
        if certificate:
            argv += ["--tls", *certificate]
        self.scheme = "https" if certificate else "http"
        self.process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.base, "server.log"), "ab"))
        deadline = time.monotonic() + 10
        while not os.path.exists(port_file):
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise RuntimeError("test_http_server.py did not start")
            time.sleep(0.02)
        with open(port_file) as port:
            self.port = int(port.read())

    def url(self, path):
        return f"{self.scheme}://127.0.0.1:{self.port}/{path}"

    def requests(self, prefix):
        """How many requests asked for a path starting with `prefix`."""
        try:
            with open(self.log_path) as log:
                return sum(f'"path": "/{prefix}' in line for line in log)
        except FileNotFoundError:
            return 0

    def stop(self):
        stop_pid(self.process, grace=2)


def self_signed_certificate(work):
    """A key and a certificate for 127.0.0.1 that no CA signed."""
    key, certificate = work.sub("key.pem"), work.sub("cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    return certificate, key


class Listener:
    """parec on the null sink's monitor for the whole row: per 50 ms, when it was heard, its
    level (dBFS) and the level of 440 Hz (Goertzel), as rig.AudioServer.level measures."""

    BLOCK = 2205
    COEFFICIENT = 2 * math.cos(2 * math.pi * 440 / 44100)

    def __init__(self, pulse):
        self.blocks = []
        self.recorder = subprocess.Popen(
            ["parec", "-d", pulse.sink + ".monitor", "--format=float32le", "--rate=44100", "--channels=1", "--raw",
             "--latency-msec=20"], env={**os.environ, "PULSE_SERVER": pulse.server},
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.thread = threading.Thread(target=self.record, daemon=True)
        self.thread.start()

    def record(self):
        raw = b""
        size = self.BLOCK * 4
        while True:
            chunk = self.recorder.stdout.read1(65536)
            if not chunk:
                return
            raw += chunk
            while len(raw) >= size:
                samples = array.array("f", raw[:size])
                raw = raw[size:]
                power = sum(s * s for s in samples) / self.BLOCK
                s1 = s2 = 0.0
                for sample in samples:
                    s1, s2 = sample + self.COEFFICIENT * s1 - s2, s1
                tone = (s1 * s1 + s2 * s2 - self.COEFFICIENT * s1 * s2) / (self.BLOCK ** 2) * 2
                self.blocks.append((time.time(), 10 * math.log10(power + 1e-20), 10 * math.log10(tone + 1e-20)))

    def first_heard(self, since, tone=True):
        """When sound (440 Hz, or any) was first heard after `since`; None when not yet."""
        for at, level, tone_level in list(self.blocks):
            if at >= since and (tone_level if tone else level) > -30:
                return at
        return None

    def wait_to_hear(self, since, seconds, tone=True):
        deadline = time.time() + seconds
        while time.time() < deadline:
            heard = self.first_heard(since, tone)
            if heard:
                return heard
            time.sleep(0.05)
        return None

    def longest_silence(self, start, end):
        """The longest stretch without sound between two times, in seconds."""
        longest = 0.0
        silent_since = None
        for at, level, _ in list(self.blocks):
            if at < start or at > end:
                continue
            if level < -50:
                silent_since = silent_since or at
                longest = max(longest, at - silent_since)
            else:
                silent_since = None
        return longest

    def stop(self):
        stop_pid(self.recorder)


def echo_server(path, ready):
    """Answers every JSON-RPC line on a Unix socket at once with an empty result: the
    yardstick of what the machine itself adds to an answer's time."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    ready.set()
    connection, _ = listener.accept()
    buffer = b""
    while True:
        chunk = connection.recv(65536)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            connection.sendall(json.dumps({"jsonrpc": "2.0", "id": json.loads(line)["id"], "result": {}}).encode() + b"\n")


class InfoWatch:
    """A process of its own (so no thread of this one holds it up) asking daemon.info every
    20 ms on its own connection and timing each answer; after each, the same question to an
    echo process that does no work, so what the machine adds (a busy CPU) shows apart from
    the daemon. stop() returns the daemon's times."""

    def __init__(self, socket_path, work):
        echo_path = work.sub(f"echo-{os.path.basename(socket_path)}")
        ready = multiprocessing.Event()
        self.echo = multiprocessing.Process(target=echo_server, args=(echo_path, ready), daemon=True)
        self.echo.start()
        ready.wait(10)
        self.stopping = multiprocessing.Event()
        self.receiver, sender = multiprocessing.Pipe(duplex=False)
        self.process = multiprocessing.Process(target=self.poll, args=(socket_path, echo_path, self.stopping, sender), daemon=True)
        self.process.start()
        sender.close()
        self.failures = 0

    @staticmethod
    def poll(socket_path, echo_path, stopping, sender):
        times, echo_times = [], []
        failures = 0
        slowest_at = None
        with Client(socket_path, timeout=5) as client, Client(echo_path, timeout=5) as echo:
            while not stopping.is_set():
                started = time.perf_counter()
                try:
                    client.call("daemon.info")
                except Exception:
                    failures += 1
                    break
                finally:
                    times.append(time.perf_counter() - started)
                    if times[-1] >= max(times):
                        slowest_at = time.time()
                started = time.perf_counter()
                echo.call("daemon.info")
                echo_times.append(time.perf_counter() - started)
                time.sleep(0.02)
        sender.send((times, echo_times, failures, slowest_at))

    def stop(self):
        self.stopping.set()
        times, self.echo_times, self.failures, self.slowest_at = self.receiver.recv()
        self.process.join()
        self.echo.join(5)
        return times


class Row:
    """One daemon for one fault: its own config, the queue it is given, what was heard."""

    def __init__(self, rig, name, config):
        self.rig = rig
        self.name = name
        with open(rig.work.sub(f"{name}.toml"), "w") as out:
            out.write(config)
        self.daemon = Daemon(rig.work, name=name, pulse=rig.pulse, extra=["--config", rig.work.sub(f"{name}.toml")])
        self.client = Client(self.daemon.socket, timeout=ROW_DEADLINE_S)
        self.watch = InfoWatch(self.daemon.socket, rig.work)
        self.items = []

    def play(self, url):
        """queue.set [url, the next file], then queue.playIndex 0, which answers once the
        stream plays or with why it cannot: the error's code (None when it played) and
        message; the times asked and answered are kept."""
        self.items = [url, self.rig.next_file]
        self.client.call("queue.set", {"items": self.items})
        self.started = time.time()
        try:
            self.client.call("queue.playIndex", {"index": 0})
            code, message = None, None
        except RPCError as error:
            code, message = error.code, str(error)
        self.answered = time.time()
        return code, message

    def queue_intact(self):
        """Whether queue.get lists the items set (a path as its file:// URL), and its index."""
        queue = self.client.call("queue.get")
        expected = [item if "://" in item else "file://" + item for item in self.items]
        return [item["assetURL"] for item in queue["items"]] == expected, queue["index"]

    def close(self):
        """Stops the watch and the daemon: whether it was alive, and the daemon.info times."""
        times = self.watch.stop()
        alive = self.daemon.alive()
        self.client.close()
        self.daemon.stop()
        return alive, times


class Rig:
    """A private PulseAudio server, the listener at its monitor, the file played after each
    fault (10 s of 1 kHz, far from the stations' 440 Hz) and the web servers."""

    def __init__(self):
        self.work = Work("network")
        self.rows = 0
        self.pulse = AudioServer(self.work)
        self.listener = Listener(self.pulse)
        self.next_file = self.work.sub("next.mp3")
        subprocess.run(["sox", "-n", "-r", "44100", "-c", "2", self.work.sub("next.wav"), "synth", "10", "sine", "1000", "vol", "0.5"],
                       check=True)
        subprocess.run(["lame", "--quiet", "-b", "128", self.work.sub("next.wav"), self.next_file], check=True)
        self.web = WebServer(self.work, "web")
        self.tls = WebServer(self.work, "tls", certificate=self_signed_certificate(self.work))

    def close(self):
        self.listener.stop()
        self.web.stop()
        self.tls.stop()
        self.pulse.stop()
        self.work.close()


def expect_unreachable(url, config=IMPATIENT, expected=UNREACHABLE):
    """A row whose item cannot be reached: queue.playIndex answers -32013 (or `expected`),
    the player goes on to the next item (queue index 1), and that item is heard."""

    def run(rig, row):
        code, message = row.play(url(rig))
        took = row.answered - row.started
        heard = rig.listener.wait_to_hear(row.answered, 8, tone=False)
        intact, index = row.queue_intact()
        ok = code == expected and index == 1 and heard is not None and intact
        name = {UNREACHABLE: "unreachable", DECODE_FAILED: "decodeFailed"}.get(code, f"answer {code} {message}")
        outcome = f"{name} after {took:.1f} s"
        if heard is None:
            outcome += ", next item not heard"
        return ok, outcome, {"kind": name, "seconds": took}
    run.config = config
    return run


def expect_sound(path, watch_seconds=12, proof=None, config=IMPATIENT):
    """A row that plays through its fault: the item plays, is heard, and within the watch
    no silence lasts 2 s; `proof` checks what the fault did and may add to the outcome."""

    def run(rig, row):
        code, message = row.play(rig.web.url(path))
        heard = rig.listener.wait_to_hear(row.started, 10)
        if code is not None or heard is None:
            return False, f"not heard (answer {code} {message})", {}
        end = heard + watch_seconds
        extra = proof(rig, row, end) if proof else (True, "")
        time.sleep(max(0, end - time.time()))
        gap = rig.listener.longest_silence(heard, end)
        intact, index = row.queue_intact()
        ok = gap < 2 and extra[0] and intact and index == 0
        return ok, f"sound after {heard - row.started:.1f} s, longest silence {gap:.1f} s{extra[1]}", \
            {"kind": "sound, longest silence", "seconds": gap}
    run.config = config
    return run


def reconnected(prefix, at_least):
    def proof(rig, row, end):
        time.sleep(max(0, end - time.time()))
        count = rig.web.requests(prefix)
        return count >= at_least, f", {count} connections"
    return proof


def stall_row(rig, row):
    """A remote file whose server stops for 10 s after 4 s of it: `buffering` is said, and
    the sound comes back by itself."""
    code, message = row.play(rig.web.url(f"stall/{BYTES_PER_SECOND * 4}/10/{STATION_FILE}?pace={BYTES_PER_SECOND}"))
    heard = rig.listener.wait_to_hear(row.started, 10)
    if code is not None or heard is None:
        return False, f"not heard (answer {code} {message})", {}
    buffering_at = None
    deadline = time.time() + 20
    while buffering_at is None and time.time() < deadline:
        if row.client.call("nowPlaying.get").get("buffering"):
            buffering_at = time.time()
        time.sleep(0.1)
    if buffering_at is None:
        return False, "buffering never said", {}
    # The silence begins once what was buffered has played; sound after it is the stall's end.
    silent = None
    while silent is None and time.time() < buffering_at + 5:
        silent = next((at for at, level, _ in list(rig.listener.blocks) if at >= buffering_at - 1 and level < -50), None)
        time.sleep(0.05)
    back = rig.listener.wait_to_hear(silent or buffering_at, 20)
    if back is None:
        return False, "buffering said, sound never came back", {}
    time.sleep(1)
    buffering_after = row.client.call("nowPlaying.get").get("buffering")
    intact, index = row.queue_intact()
    ok = not buffering_after and intact and index == 0
    silence = back - (silent or buffering_at)
    return ok, f"buffering said, sound again after {silence:.1f} s of silence", {"kind": "buffering, sound again after", "seconds": silence}


stall_row.config = DEFAULTS


def flood_row(rig, row):
    """The ICY flood playing while a prompt reads from a trickling server: sound, the last
    title after the flood reached, the prompt refused as unreachable, and RssAnon grown by
    less than 16 MiB over both."""
    row.client.call("queue.set", {"items": [rig.next_file], "play": True})
    rig.listener.wait_to_hear(time.time(), 8, tone=False)
    time.sleep(1)
    before = memory.rss_anon_kib(row.daemon)
    prompt = {}

    def trickled_prompt():
        started = time.time()
        try:
            with Client(row.daemon.socket, timeout=ROW_DEADLINE_S) as client:
                client.call("prompt.play", {"file": rig.web.url(f"trickle/{STATION_FILE}")})
            prompt["code"] = None
        except RPCError as error:
            prompt["code"], prompt["message"] = error.code, str(error)
        except Exception as error:
            prompt["code"], prompt["message"] = "no answer", repr(error)
        prompt["took"] = time.time() - started

    prompter = threading.Thread(target=trickled_prompt)
    prompter.start()
    code, message = row.play(rig.web.url(f"icy-flood/{1 << 20}/256/{STATION_FILE}?pace={BYTES_PER_SECOND}"))
    heard = rig.listener.wait_to_hear(row.started, 10)
    peak = before
    title = None
    deadline = time.time() + 25
    while time.time() < deadline and (title != "After the flood" or prompter.is_alive()):
        peak = max(peak, memory.rss_anon_kib(row.daemon))
        title = row.client.call("nowPlaying.get")["info"].get("streamTitle")
        time.sleep(0.25)
    prompter.join(ROW_DEADLINE_S)
    peak = max(peak, memory.rss_anon_kib(row.daemon))
    back = rig.listener.wait_to_hear(time.time() - 0.5, 3)
    intact, index = row.queue_intact()
    growth = peak - before
    ok = (code is None and heard is not None and back is not None and title == "After the flood"
          and prompt.get("code") == UNREACHABLE and growth < ALLOWED_GROWTH_KIB and intact and index == 0)
    outcome = (f"sound after {heard - row.started:.1f} s, " if heard else "not heard, ") + \
        ("" if back else "not heard after the flood, ") + ("" if intact and index == 0 else f"queue changed (index {index}), ") + \
        f"last title {title!r}, trickled prompt {'unreachable' if prompt.get('code') == UNREACHABLE else prompt} " \
        f"after {prompt.get('took', 0):.1f} s, RssAnon {before / 1024:.1f} → {peak / 1024:.1f} MiB at most"
    return ok, outcome, {"growth": growth, "kind": "sound after", "seconds": heard - row.started if heard else float("nan")}


flood_row.config = IMPATIENT

ROWS = [
    ("cut station", expect_sound(f"live-cut/{BYTES_PER_SECOND * 5}/{STATION_FILE}?pace={BYTES_PER_SECOND}",
                                 proof=reconnected("live-cut", 3))),
    ("cut file", expect_sound(f"cut/{BYTES_PER_SECOND * 4}/{STATION_FILE}?pace={BYTES_PER_SECOND}",
                              proof=reconnected("cut", 3))),
    ("stall 10 s", stall_row),
    ("trickle", expect_unreachable(lambda rig: rig.web.url(f"trickle/{STATION_FILE}"))),
    ("404", expect_unreachable(lambda rig: rig.web.url("status/404"))),
    ("500", expect_unreachable(lambda rig: rig.web.url("status/500"))),
    ("redirect loop", expect_unreachable(lambda rig: rig.web.url("loop"))),
    ("endless headers", expect_unreachable(lambda rig: rig.web.url("endless-headers"))),
    ("ICY flood + trickle", flood_row),
    ("HTML page", expect_unreachable(lambda rig: rig.web.url("type/text/html/page.html"), expected=DECODE_FAILED)),
    ("MP3 as text/html", expect_sound(f"type/text/html/{STATION_FILE}?pace={BYTES_PER_SECOND}", watch_seconds=4)),
    ("self-signed TLS", expect_unreachable(lambda rig: rig.tls.url(STATION_FILE))),
]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


def run_row(rig, name, test):
    """One row on a daemon of its own: (ok, outcome, daemon.info times, figures)."""
    rig.rows += 1
    row = Row(rig, f"{rig.rows:02d}-" + "".join(c if c.isalnum() else "-" for c in name), test.config)
    started = time.time()
    try:
        ok, outcome, figures = test(rig, row)
    finally:
        alive, times = row.close()
    slowest = max(times, default=0)
    p99 = percentile(times, 0.99)
    ok = ok and alive and slowest <= SLOWEST_INFO_S and p99 <= INFO_P99_S and row.watch.failures == 0 \
        and time.time() - started < 2 * ROW_DEADLINE_S
    if not alive:
        outcome += ", rondod died"
    if p99 > INFO_P99_S:
        outcome += f", daemon.info p99 {p99 * 1000:.1f} ms"
    if slowest > SLOWEST_INFO_S:
        outcome += f", daemon.info once took {slowest * 1000:.1f} ms ({row.watch.slowest_at - started:.1f} s into the row)"
    if not ok:
        print(f"network: {name} failed: {outcome}; rondod's log ends:\n" + "\n".join(row.daemon.log_text().splitlines()[-15:]),
              flush=True)
    return ok, outcome, times, row.watch.echo_times, figures


def network(settings):
    """The fault matrix, once in --ci and three times in the full run."""
    rounds = 1 if settings.ci else 3
    rig = Rig()
    results = {name: [] for name, _ in ROWS}
    seconds = {name: [] for name, _ in ROWS}
    kinds = {}
    times = []
    echo_times = []
    growth = []
    try:
        for _ in range(rounds):
            for name, test in ROWS:
                ok, outcome, row_times, row_echo_times, figures = run_row(rig, name, test)
                results[name].append((ok, outcome))
                times += row_times
                echo_times += row_echo_times
                if "growth" in figures:
                    growth.append(figures["growth"])
                if "kind" in figures:
                    kinds[name] = figures["kind"]
                    seconds[name].append(figures["seconds"])
    finally:
        rig.close()
    passed = sum(ok for runs in results.values() for ok, _ in runs)
    total = rounds * len(ROWS)
    failing = [f"{name}: {outcome}" for name, runs in results.items() for ok, outcome in runs if not ok]
    rows = "; ".join(f"{name}: {kinds.get(name, 'no outcome')} {min(seconds[name], default=0):.1f}–{max(seconds[name], default=0):.1f} s"
                     for name, _ in ROWS)
    summary = (f"{passed}/{total} rows as expected; daemon.info p50 {percentile(times, 0.5) * 1000:.2f} ms, "
               f"p99 {percentile(times, 0.99) * 1000:.2f} ms, max {max(times, default=0) * 1000:.2f} ms over {len(times)} answers "
               f"(an echo process asked alike: p99 {percentile(echo_times, 0.99) * 1000:.2f} ms, "
               f"max {max(echo_times, default=0) * 1000:.2f} ms); "
               f"RssAnon growth under ICY flood + trickle at most {max(growth, default=0) / 1024:.1f} MiB; "
               + rows + (f"; failed: {'; '.join(failing)}" if failing else ""))
    return passed == total, summary, (
        f"{len(ROWS)} network faults × {rounds} through rondod (cut station and file, 10 s stall, 1 B/s trickle, 404, 500, "
        "redirect loop, endless headers, 1 MiB ICY metadata flood with a trickling prompt, an HTML page, MP3 as text/html, "
        "self-signed TLS): sound again or unreachable, daemon.info p99 ≤ 10 ms and max < 100 ms, RssAnon < +16 MiB, queue intact")
