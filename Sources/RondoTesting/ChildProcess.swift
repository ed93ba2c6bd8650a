import Foundation
import Synchronization

/// A program started with `posix_spawn` and reaped only through this object.
///
/// Tests start many helpers at once (PulseAudio, `parec`, `rondod`, `pactl`, `rondo`).
/// Each child is waited for by its own pid alone, so one child's exit never blocks or
/// steals another's.
public final class ChildProcess: Sendable {
    /// Where a child's standard output or error goes.
    public enum Output: Sendable {
        /// Discarded.
        case null
        /// Appended to this file (created if missing).
        case file(String)
        /// A pipe whose read end is ``ChildProcess/outputPipe``.
        case pipe
    }

    /// Its process id.
    public let pid: Int32
    /// The read end of the standard-output pipe when started with `.pipe`; the caller closes it.
    public let outputPipe: Int32?
    private let exitStatus = Mutex<Int32?>(nil)

    /// Starts `arguments[0]` (an absolute path) with `arguments` as its argv.
    /// - Parameters:
    ///   - environment: variables added to (or replacing) this process's environment;
    ///     a `nil` value removes a variable.
    ///   - standardOutput: where its standard output goes.
    ///   - standardError: where its standard error goes.
    /// - Throws: ``ChildProcessError`` when the program cannot be started.
    public init(
        _ arguments: [String], environment: [String: String?] = [:],
        standardOutput: Output = .null, standardError: Output = .null
    ) throws {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        var pipeRead: Int32?
        var pipeWrite: Int32?
        for (descriptor, output) in [(Int32(1), standardOutput), (Int32(2), standardError)] {
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&fileActions, descriptor, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&fileActions, descriptor, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .pipe:
                if pipeWrite == nil {
                    var ends: [Int32] = [0, 0]
                    guard pipe(&ends) == 0 else { throw ChildProcessError.spawn(arguments[0], errno) }
                    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
                    pipeRead = ends[0]
                    pipeWrite = ends[1]
                }
                posix_spawn_file_actions_adddup2(&fileActions, pipeWrite!, descriptor)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, arguments[0], &fileActions, &attributes, argv, envp)
        if let pipeWrite { close(pipeWrite) }
        guard result == 0 else {
            if let pipeRead { close(pipeRead) }
            throw ChildProcessError.spawn(arguments[0], result)
        }
        pid = child
        outputPipe = pipeRead
    }

    /// Whether it has not exited yet.
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for it to exit and returns its exit status (128 + signal when killed by one).
    @discardableResult
    public func wait() -> Int32 { reap(blocking: true) ?? -1 }

    /// Sends it `signal` if it still runs.
    public func signal(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Sends SIGTERM, then SIGKILL after `grace` seconds, and waits for it.
    @discardableResult
    public func terminate(grace: Double = 5) -> Int32 {
        signal(SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        signal(SIGKILL)
        return wait()
    }

    private func reap(blocking: Bool) -> Int32? {
        exitStatus.withLock { known in
            if let known { return known }
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            } while result < 0 && errno == EINTR
            guard result == pid else { return nil }
            let signalNumber = status & 0x7f
            known = signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
            return known
        }
    }

    deinit {
        if reap(blocking: false) == nil {
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
    }
}

/// Why a ``ChildProcess`` could not start.
public enum ChildProcessError: Error, CustomStringConvertible {
    /// `posix_spawn` of the program failed with this errno.
    case spawn(String, Int32)

    public var description: String {
        switch self {
        case .spawn(let program, let code): "cannot start \(program): \(String(cString: strerror(code)))"
        }
    }
}
