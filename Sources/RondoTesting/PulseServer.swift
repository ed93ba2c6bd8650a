import Foundation
import Glibc
import Spawning
import Synchronization

/// A private audio server speaking the PulseAudio protocol, with one null sink, so a test
/// hears only its own audio: PulseAudio itself, or PipeWire with WirePlumber and
/// `pipewire-pulse` (the stack most desktops run), as ``Kind/current`` says.
///
/// Its monitor source (`<sink>.monitor`) is what a listener at that sink would hear. Every
/// process runs in the server's own directory (runtime dir, home, state, a private D-Bus
/// for PipeWire) and is stopped by PID.
public final class PulseServer: Sendable {
    /// Which audio server runs.
    public enum Kind: String, Sendable {
        /// PulseAudio, with `module-null-sink` loaded at start.
        case pulseaudio
        /// PipeWire, WirePlumber and `pipewire-pulse`, the null sink loaded through `pactl`.
        case pipewire

        /// The kind the tests run on: `RONDO_TEST_AUDIO_SERVER` (`pulseaudio` or
        /// `pipewire`), PulseAudio by default.
        public static var current: Kind {
            ProcessInfo.processInfo.environment["RONDO_TEST_AUDIO_SERVER"].flatMap(Kind.init) ?? .pulseaudio
        }
    }

    /// The server string for `PULSE_SERVER`.
    public let server: String
    /// The null sink's name.
    public let sink = "rondo_test"
    /// Which audio server this is.
    public let kind: Kind
    private let directory: TemporaryDirectory

    /// The runtime directory a native PipeWire client (`pw-play`) finds the server's
    /// `pipewire-0` socket in, as its `XDG_RUNTIME_DIR`; `nil` on PulseAudio.
    public var pipeWireRuntimeDirectory: String? { kind == .pipewire ? directory.appending("runtime") : nil }
    private let processes = Mutex<[ChildProcess]>([])
    /// The private session bus PipeWire's parts talk over, started once and kept across restarts.
    private let bus = Mutex<(address: String, pid: Int32)?>(nil)

    /// Starts the server and waits until it answers with its null sink.
    /// - Parameter kind: PulseAudio or PipeWire (default: ``Kind/current``).
    /// - Throws: when the server cannot start.
    public init(kind: Kind = .current) throws {
        self.kind = kind
        directory = try TemporaryDirectory(prefix: "rondo-pulse")
        for folder in ["home", "runtime", "state"] {
            try FileManager.default.createDirectory(atPath: directory.appending(folder), withIntermediateDirectories: true)
        }
        chmod(directory.appending("runtime"), 0o700)
        server = "unix:" + (kind == .pulseaudio ? directory.appending("native") : directory.appending("runtime/native"))
        try start()
    }

    /// Starts the server (again, after ``kill()``) on the same socket and waits until it
    /// answers with its null sink.
    ///
    /// A PipeWire that does not come up whole is killed and started again, up to
    /// ``pipeWireAttempts`` times: after a SIGKILL, `pipewire-pulse` now and then accepts
    /// connections and never answers them again, and a test would otherwise wait on it
    /// without end.
    /// - Parameter sessionManagerDelay: for PipeWire, seconds between `pipewire-pulse`
    ///   answering and WirePlumber starting, as after a desktop's `systemctl --user restart
    ///   pipewire` when the session manager is slower than the protocol server.
    /// - Throws: when the server cannot start.
    public func start(sessionManagerDelay: Double = 0) throws {
        do {
            switch kind {
            case .pulseaudio:
                try launch([
                    "/usr/bin/pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disable-shm=no",
                    "--log-target=stderr",
                    "--load=module-native-protocol-unix socket=\(directory.appending("native")) auth-anonymous=1",
                    "--load=module-null-sink sink_name=\(sink) rate=44100",
                    "--load=module-always-sink",
                ])
                try waitUntilAnswering()
            case .pipewire:
                try startSessionBus()
                for attempt in 1...Self.pipeWireAttempts {
                    do {
                        try startPipeWire(sessionManagerDelay: sessionManagerDelay)
                        return
                    } catch {
                        guard attempt < Self.pipeWireAttempts else { throw error }
                        kill()
                    }
                }
            }
        } catch {
            stop()
            throw error
        }
    }

    /// How many times ``start(sessionManagerDelay:)`` starts a PipeWire that does not come up.
    static let pipeWireAttempts = 3

    /// Starts PipeWire, `pipewire-pulse` and WirePlumber, and loads the null sink.
    private func startPipeWire(sessionManagerDelay: Double) throws {
        removeStaleSockets()
        try launch(["/usr/bin/pipewire"])
        try waitFor(directory.appending("runtime/pipewire-0"))
        try launch(["/usr/bin/pipewire-pulse"])
        try waitUntilAnswering()
        if sessionManagerDelay > 0 { Thread.sleep(forTimeInterval: sessionManagerDelay) }
        try launch(["/usr/bin/wireplumber"])
        guard pactl("load-module", "module-null-sink", "sink_name=\(sink)").status == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "pipewire-pulse refused the null sink"])
        }
        try waitUntil("pipewire-pulse never listed the null sink") { pactl("list", "short", "sinks").stdout.contains(sink) }
        // WirePlumber links every stream; until its policy runs, a stream plays to nothing
        // and a recorder hears nothing. Choosing the default sink is its first act of policy.
        try waitUntil("WirePlumber never chose the null sink as the default") {
            pactl("info").stdout.contains("Default Sink: \(sink)\n")
        }
    }

    /// Polls `condition` for up to 10 s of wall time; throws `failure` when it never holds.
    private func waitUntil(_ failure: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: failure])
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Kills the server's processes with SIGKILL, as a crash would, and waits for them;
    /// ``start()`` brings it back on the same socket.
    public func kill() {
        for child in processes.withLock({ list in
            defer { list = [] }
            return list
        }).reversed() {
            child.signal(SIGKILL)
            _ = child.wait()
        }
    }

    /// Runs `pactl` against this server, for at most ``pactlTimeout`` seconds: `pactl`
    /// itself waits 30 s for an answer, and retries that long made a wedged server hang a
    /// test for most of an hour.
    @discardableResult
    public func pactl(_ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
        pactl(arguments)
    }

    /// The same with the arguments as an array.
    @discardableResult
    public func pactl(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture(
            ["/usr/bin/timeout", String(Self.pactlTimeout), "/usr/bin/pactl"] + arguments, environment: ["PULSE_SERVER": server])
    }

    /// The longest one `pactl` command may take, in seconds.
    static let pactlTimeout = 5

    /// Stops the server and removes its files.
    public func stop() {
        for child in processes.withLock({ list in
            defer { list = [] }
            return list
        }).reversed() {
            _ = child.terminate()
        }
        if let bus = bus.withLock({ bus in
            defer { bus = nil }
            return bus
        }) {
            Glibc.kill(bus.pid, SIGTERM)
        }
        directory.remove()
    }

    deinit { stop() }

    /// The environment of every process of the server: its own home, runtime and state dirs.
    private var environment: [String: String?] {
        [
            "HOME": directory.appending("home"), "XDG_CONFIG_HOME": directory.appending("home"),
            "XDG_RUNTIME_DIR": directory.appending("runtime"), "XDG_STATE_HOME": directory.appending("state"),
            "PULSE_RUNTIME_PATH": directory.appending("runtime"),
            "DBUS_SESSION_BUS_ADDRESS": bus.withLock { $0?.address }, "PULSE_SERVER": nil,
            "PIPEWIRE_REMOTE": nil, "PIPEWIRE_RUNTIME_DIR": nil,
        ]
    }

    private func launch(_ arguments: [String]) throws {
        let name = URL(fileURLWithPath: arguments[0]).lastPathComponent
        let child = try ChildProcess(
            arguments, environment: environment, standardError: .file(directory.appending("\(name).log")))
        processes.withLock { $0.append(child) }
    }

    /// Starts `dbus-daemon --session` for WirePlumber, unless it already runs.
    private func startSessionBus() throws {
        guard bus.withLock({ $0 == nil }) else { return }
        let run = Subprocess.capture(
            ["/usr/bin/dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
            environment: environment)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        guard run.status == 0, lines.count >= 2, let pid = Int32(lines[1]) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon did not start: \(run.stderr)"])
        }
        bus.withLock { $0 = (lines[0], pid) }
    }

    /// Removes the sockets and locks a killed PipeWire left behind. Seen as present, a stale
    /// `pipewire-0` let `pipewire-pulse` start before the new `pipewire` listened, and a
    /// `pipewire-pulse` that finds no `pipewire` stays up without ever serving.
    private func removeStaleSockets() {
        let runtime = directory.appending("runtime")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? [] where name.hasPrefix("pipewire-0") {
            unlink(runtime + "/" + name)
        }
    }

    /// Waits up to 10 s of wall time for the server to create its socket: `pipewire-pulse`
    /// started before it gives up on the server for good.
    private func waitFor(_ path: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: path) {
            guard Date() < deadline else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "pipewire made no socket at \(path)"])
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Waits up to 20 s of wall time: a loaded machine may take seconds to bring PipeWire back.
    private func waitUntilAnswering() throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            // Each try is bounded (``pactl(_:)``): a pipewire-pulse just started may accept
            // and never answer.
            if pactl("info").status == 0 { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(kind.rawValue) did not start"])
    }
}
