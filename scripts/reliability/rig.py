"""The parts every reliability test stands on: private audio servers, rondod processes,
a JSON-RPC client with deadlines, and what a listener hears at a null sink's monitor.

Every process is started here in a private directory and stopped by PID."""

import json
import math
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("RONDO_BIN", os.path.join(ROOT, ".build", "release"))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "generated")


def fixture(name):
    """The path of a test fixture, made by Tests/Fixtures/make-fixtures.sh."""
    return os.path.join(FIXTURES, name)


class Work:
    """A scratch directory for one test, removed with everything in it by close()."""

    def __init__(self, name):
        self.path = tempfile.mkdtemp(prefix=f"rondo-rel-{name}-")

    def sub(self, *names):
        path = os.path.join(self.path, *names)
        return path

    def close(self):
        shutil.rmtree(self.path, ignore_errors=True)


def stop_pid(process, sig=signal.SIGTERM, grace=5.0):
    """Sends sig to a Popen and waits; SIGKILL after grace seconds."""
    if process.poll() is not None:
        return process.returncode
    process.send_signal(sig)
    try:
        return process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait()


class AudioServer:
    """A PulseAudio server, or PipeWire + WirePlumber + pipewire-pulse, with a null sink."""

    sink = "rondo_rel"

    def __init__(self, work, kind="pulseaudio"):
        self.kind = kind
        self.base = work.sub(f"audio-{kind}")
        for folder in ("home", "runtime", "state"):
            os.makedirs(os.path.join(self.base, folder), exist_ok=True)
        os.chmod(os.path.join(self.base, "runtime"), 0o700)
        socket_path = os.path.join(self.base, "native" if kind == "pulseaudio" else "runtime/native")
        self.server = "unix:" + socket_path
        self.processes = []
        self.bus = None
        self.start()

    def env(self):
        env = dict(os.environ)
        env.update(HOME=os.path.join(self.base, "home"), XDG_CONFIG_HOME=os.path.join(self.base, "home"),
                   XDG_RUNTIME_DIR=os.path.join(self.base, "runtime"), XDG_STATE_HOME=os.path.join(self.base, "state"),
                   PULSE_RUNTIME_PATH=os.path.join(self.base, "runtime"))
        for name in ("PULSE_SERVER", "PIPEWIRE_REMOTE", "DBUS_SESSION_BUS_ADDRESS"):
            env.pop(name, None)
        if self.bus:
            env["DBUS_SESSION_BUS_ADDRESS"] = self.bus[0]
        return env

    def launch(self, argv):
        log = open(os.path.join(self.base, os.path.basename(argv[0]) + ".log"), "ab")
        self.processes.append(subprocess.Popen(argv, env=self.env(), stdout=log, stderr=log))

    def start(self):
        """Starts the server (again, after kill()) and waits until it answers with its null
        sink. A start that never answers (seen with PipeWire on a loaded machine, fine when
        tried again) is made once more before the caller is told."""
        try:
            self.start_once()
        except RuntimeError:
            self.kill()
            self.start_once()

    def start_once(self):
        if self.kind == "pulseaudio":
            self.launch(["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--log-target=stderr",
                         f"--load=module-native-protocol-unix socket={self.server[5:]} auth-anonymous=1",
                         f"--load=module-null-sink sink_name={self.sink} rate=44100", "--load=module-always-sink"])
            self.wait_answering()
        else:
            if self.bus is None:
                out = subprocess.run(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
                                     env=self.env(), capture_output=True, text=True, check=True).stdout.split()
                self.bus = (out[0], int(out[1]))
            # A killed PipeWire leaves its socket behind: seen as present, it let pipewire-pulse
            # start before the new pipewire listened, and such a pipewire-pulse never serves.
            runtime = os.path.join(self.base, "runtime")
            for name in os.listdir(runtime):
                if name.startswith("pipewire-0"):
                    os.unlink(os.path.join(runtime, name))
            self.launch(["pipewire"])
            deadline = time.monotonic() + 10
            while not os.path.exists(os.path.join(runtime, "pipewire-0")):
                if time.monotonic() > deadline:
                    raise RuntimeError("pipewire made no socket within 10 s")
                time.sleep(0.01)
            self.launch(["wireplumber"])
            self.launch(["pipewire-pulse"])
            self.wait_answering()
            self.pactl("load-module", "module-null-sink", f"sink_name={self.sink}")
            for _ in range(100):
                if self.sink in self.pactl("list", "short", "sinks"):
                    break
                time.sleep(0.02)

    def pactl(self, *args):
        return subprocess.run(["pactl", *args], env={**os.environ, "PULSE_SERVER": self.server},
                              capture_output=True, text=True).stdout

    def wait_answering(self, seconds=20):
        # A loaded machine may take several seconds to bring PipeWire and its session
        # manager up after a kill; the deadline is wall time, not a count of tries.
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            # pactl waits without end on a server that accepted but never answers: bounded.
            try:
                if subprocess.run(["pactl", "info"], env={**os.environ, "PULSE_SERVER": self.server},
                                  capture_output=True, timeout=5).returncode == 0:
                    return
            except subprocess.TimeoutExpired:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"{self.kind} did not start within {seconds} s")

    def kill(self):
        """SIGKILL to every process of the server, as a crash; start() brings it back."""
        for process in reversed(self.processes):
            stop_pid(process, signal.SIGKILL)
        self.processes = []

    def stop(self):
        for process in reversed(self.processes):
            stop_pid(process)
        self.processes = []
        if self.bus:
            try:
                os.kill(self.bus[1], signal.SIGTERM)
            except ProcessLookupError:
                pass
            self.bus = None

    def level(self, seconds, frequency=None):
        """dBFS heard at the sink's monitor over `seconds` once recording flows (of one
        frequency, by Goertzel, or overall RMS); -200 when nothing could be recorded."""
        wanted = int(seconds * 44100) * 4
        settle = int(0.1 * 44100) * 4
        recorder = subprocess.Popen(
            ["parec", "-d", self.sink + ".monitor", "--format=float32le", "--rate=44100", "--channels=1", "--raw",
             "--latency-msec=20"], env={**os.environ, "PULSE_SERVER": self.server},
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        raw = b""
        deadline = time.time() + seconds + 3
        try:
            while len(raw) < settle + wanted and time.time() < deadline:
                chunk = recorder.stdout.read1(65536)
                if not chunk:
                    break
                raw += chunk
        finally:
            stop_pid(recorder)
        raw = raw[settle:settle + wanted]
        count = len(raw) // 4
        if count == 0:
            return -200.0
        samples = struct.unpack(f"<{count}f", raw[:count * 4])
        if frequency is None:
            power = sum(s * s for s in samples) / len(samples)
            return 10 * math.log10(power + 1e-20)
        coefficient = 2 * math.cos(2 * math.pi * frequency / 44100)
        s1 = s2 = 0.0
        for sample in samples:
            s1, s2 = sample + coefficient * s1 - s2, s1
        power = (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / (len(samples) ** 2) * 2
        return 10 * math.log10(power + 1e-20)


class Daemon:
    """rondod on a private socket, database and XDG directories."""

    def __init__(self, work, name="rondod", pulse=None, database=None, music=None, socket_path=None, extra=(),
                 wrapper=(), wait=True):
        self.work = work
        self.socket = socket_path or work.sub(f"{name}.sock")
        self.database = database or work.sub(f"{name}.sqlite")
        self.music = music or work.path
        self.log_path = work.sub(f"{name}.log")
        env = dict(os.environ)
        env.update(XDG_CONFIG_HOME=work.sub("config"), XDG_CACHE_HOME=work.sub("cache"),
                   PULSE_SERVER=pulse.server if pulse else "unix:" + work.sub("no-pulse-here"))
        env.pop("RONDO_SOCKET", None)
        # The head-unit view only where a test asks for it: daemons side by side would all
        # reach for its one default port.
        view = [] if "--view" in extra else ["--view", "off"]
        argv = [*wrapper, os.path.join(BIN, "rondod"), "--socket", self.socket, "--database", self.database,
                "--music-dir", self.music, *view, *extra]
        self.log = open(self.log_path, "ab")
        self.process = subprocess.Popen(argv, env=env, stdout=self.log, stderr=self.log)
        self.pid = self.process.pid
        if wait:
            self.wait_answering()

    def wait_answering(self, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"rondod exited {self.process.returncode}: {self.log_text()[-2000:]}")
            try:
                with Client(self.socket) as client:
                    client.call("daemon.info")
                    return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("rondod did not answer")

    def log_text(self):
        with open(self.log_path, "rb") as log:
            return log.read().decode(errors="replace")

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        return stop_pid(self.process)

    def kill(self):
        stop_pid(self.process, signal.SIGKILL)

    def status_field(self, field):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def rss_kib(self):
        return self.status_field("VmRSS")

    def threads(self):
        return self.status_field("Threads")

    def fds(self):
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def fd_targets(self):
        """What each open descriptor is (a path, `socket:[INODE]`, `pipe:[INODE]`…)."""
        targets = []
        for fd in os.listdir(f"/proc/{self.pid}/fd"):
            try:
                targets.append(os.readlink(f"/proc/{self.pid}/fd/{fd}"))
            except OSError:
                pass
        return targets


class Client:
    """One connection to rondod speaking NDJSON JSON-RPC, every read under a deadline."""

    def __init__(self, path, timeout=5.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        # A Unix socket whose accept queue is full refuses a non-blocking connect with
        # EAGAIN where TCP would retry by itself; like any such client, try again until
        # the deadline. Whether it had to is kept for the tests that count it.
        self.waited_for_queue = False
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock.connect(path)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    self.sock.close()
                    raise
                self.waited_for_queue = True
                time.sleep(0.01)
        self.buffer = b""
        self.next_id = 1

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def close(self):
        self.sock.close()

    def send(self, data):
        self.sock.sendall(data)

    def read_line(self):
        """The next line, or raises socket.timeout (a hang) or EOFError (closed)."""
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the daemon closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def reply(self):
        """The next message that is not a notification, parsed."""
        while True:
            message = json.loads(self.read_line())
            if "method" not in message:
                return message

    def call(self, method, params=None):
        """The reply's result; raises RPCError on an error reply."""
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            request["params"] = params
        self.send(json.dumps(request).encode() + b"\n")
        message = self.reply()
        if "error" in message:
            raise RPCError(message["error"])
        return message["result"]


class RPCError(Exception):
    """An error reply: its code, message and domain code."""

    def __init__(self, error):
        super().__init__(error.get("message"))
        self.code = error.get("code")
        self.domain = (error.get("data") or {}).get("code")


def extrapolated_elapsed(now_playing):
    """The elapsed time now, extrapolated from its timestamp at its rate."""
    info = now_playing["info"]
    elapsed = info.get("elapsedPlaybackTime") or 0.0
    return elapsed + (time.time() - info.get("timestamp", time.time())) * (info.get("playbackRate") or 0.0)
