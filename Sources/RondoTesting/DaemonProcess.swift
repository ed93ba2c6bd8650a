import Foundation
public import RondoClient
import RondoProtocol
import Spawning
import Synchronization
import Testing

/// The built `rondod` running on a private socket, database and data directories.
public final class DaemonProcess: Sendable {
    /// The socket it serves on.
    public let socketPath: String
    /// Its working directory (socket, database, XDG dirs, log).
    public let directory: TemporaryDirectory
    private let process: ChildProcess
    private let ownsDirectory: Bool
    /// Whether a test stopped or killed it: an exit after that is no crash of its own.
    private let stopAsked = Atomic<Bool>(false)

    /// Starts `rondod` and waits until `daemon.info` answers.
    /// - Parameters:
    ///   - pulseServer: the `PULSE_SERVER` it plays to, `nil` for none reachable.
    ///   - arguments: extra command-line arguments.
    ///   - restarting: the working directory of an earlier daemon whose database this one
    ///     should find (that directory then stays until its first owner goes).
    ///   - environment: more variables for it (`NOTIFY_SOCKET`…).
    ///   - socketActivated: whether to start it as systemd's socket activation does, through
    ///     `systemd-socket-activate`, which binds the socket and starts `rondod` on the first
    ///     connection with the socket as descriptor 3.
    public init(
        pulseServer: String?, arguments: [String] = [], restarting previous: DaemonProcess? = nil,
        environment: [String: String] = [:], socketActivated: Bool = false
    ) throws {
        directory = try previous?.directory ?? TemporaryDirectory(prefix: "rondod")
        ownsDirectory = previous == nil
        socketPath = directory.appending("rondo.sock")
        let variables: [String: String?] = [
            "PULSE_SERVER": pulseServer ?? "unix:" + directory.appending("no-pulse-here"),
            "XDG_DATA_HOME": directory.appending("data"),
            "XDG_CONFIG_HOME": directory.appending("config"),
            "XDG_CACHE_HOME": directory.appending("cache"),
            // No test reaches the session bus of the user running it; MPRIS tests pass their own.
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + directory.appending("no-session-bus"),
            "RONDO_SOCKET": nil,
            // The runtime's report of a crash, with every thread's frames, goes to the log.
            "SWIFT_BACKTRACE": "enable=yes,interactive=no,threads=all",
        ].merging(environment) { $1 }
        // systemd-socket-activate passes on only the variables named with -E.
        let launcher =
            socketActivated
            ? ["/usr/bin/systemd-socket-activate", "--listen", socketPath]
                + variables.filter { $0.value != nil }.keys.sorted().flatMap { ["-E", $0] }
            : []
        process = try ChildProcess(
            launcher + [
                BuiltProducts.rondod, "--socket", socketPath, "--database", directory.appending("library.sqlite"),
                "--music-dir", directory.path, "--log-level", "debug",
            ] + (arguments.contains("--view") ? [] : ["--view", "off"]) + arguments,
            environment: variables,
            standardError: .file(directory.appending("rondod.log")))
        for _ in 0..<200 {
            if let client = try? RondoClient(socketPath: socketPath), (try? client.call(Methods.DaemonInfoMethod.self)) != nil {
                return
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.025)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "rondod did not start:\n\(log)"])
    }

    /// Its process id.
    public var pid: Int32 { process.pid }

    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }

    /// What it logged so far.
    public var log: String {
        (try? String(contentsOfFile: directory.appending("rondod.log"), encoding: .utf8)) ?? ""
    }

    /// A new connection to it.
    public func client() throws -> RondoClient { try RondoClient(socketPath: socketPath) }

    /// Sends SIGTERM and waits for it to exit; returns its exit status.
    @discardableResult
    public func stop() -> Int32 {
        let wasRunning = process.isRunning
        stopAsked.store(true, ordering: .relaxed)
        let status = process.terminate(grace: 10)
        if wasRunning, Self.crashStatuses.contains(status) { keepCrashReport(status, during: "its shutdown") }
        return status
    }

    /// Sends it `signal` (SIGHUP to reload) if it still runs.
    public func signal(_ signal: Int32) {
        process.signal(signal)
    }

    /// Kills it with SIGKILL, as a crash would, and waits for it.
    public func kill() {
        stopAsked.store(true, ordering: .relaxed)
        process.signal(SIGKILL)
        process.wait()
    }

    deinit {
        reportCrash()
        stop()
        if ownsDirectory { directory.remove() }
    }

    /// Exit statuses of a process ended by a fault of its own: a Swift trap (SIGILL, SIGTRAP),
    /// an abort, a bus error or a segmentation fault.
    private static let crashStatuses: Set<Int32> = [128 + SIGILL, 128 + SIGTRAP, 128 + SIGABRT, 128 + SIGBUS, 128 + SIGSEGV]

    /// Records an issue with the runtime's report when the daemon died of a fault of its own
    /// before anyone asked it to stop, so a test that only sees a refused connection says why.
    private func reportCrash() {
        guard !stopAsked.load(ordering: .relaxed), !process.isRunning else { return }
        let status = process.wait()
        guard Self.crashStatuses.contains(status) else { return }
        Issue.record("rondod crashed (exit status \(status)); its log from the fault:\n\(crashReport)")
    }

    /// A fault while it shut down, when the test had what it wanted: said on standard error
    /// with the log kept in `$TMPDIR/rondo-crash-logs`, not a failure of the test.
    private func keepCrashReport(_ status: Int32, during phase: String) {
        let kept = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/rondo-crash-logs"
        try? FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        let copy = kept + "/rondod-\(pid).log"
        try? FileManager.default.copyItem(atPath: directory.appending("rondod.log"), toPath: copy)
        let text = "warning: rondod \(pid) crashed during \(phase) (exit status \(status)); log kept at \(copy):\n\(crashReport)\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The runtime's crash report from the log (the fault and the crashing thread's frames),
    /// else the log's last lines.
    private var crashReport: String {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.firstIndex { $0.contains("Fatal error") || $0.contains("💣") || $0.contains("crashed:") } ?? max(lines.count - 60, 0)
        return lines[start...].prefix(80).joined(separator: "\n")
    }
}
