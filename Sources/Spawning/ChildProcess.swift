import Glibc
import Synchronization

/// A program started with `posix_spawnp` and reaped only through this object, by its own pid.
///
/// Tests start many helpers at once (PulseAudio, `parec`, `rondod`, `pactl`, `rondo`), and
/// `rondo scenario run --audio` starts `sox`, `pacat` and `parec`: each child is waited for
/// by its own pid alone, so one child's exit never blocks or steals another's. A program
/// named without a `/` is looked up in `PATH`. A child starts with no signal blocked and
/// SIGPIPE at its default, so a writer whose reader is gone ends as under a shell; it stays
/// in this process's group, so a Ctrl-C that stops the caller stops it too. One still
/// running when its object goes is killed.
public final class ChildProcess: Sendable {
    /// Where a child's standard input comes from.
    public enum Input: Sendable {
        /// `/dev/null`.
        case null
        /// This descriptor, which the caller still owns.
        case descriptor(Int32)
    }

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

    /// Starts `arguments[0]` with `arguments` as its argv.
    /// - Parameters:
    ///   - arguments: the program (a path, or a name looked up in `PATH`) and its arguments.
    ///   - environment: variables added to (or replacing) this process's environment;
    ///     a `nil` value removes a variable.
    ///   - standardInput: where its standard input comes from.
    ///   - standardOutput: where its standard output goes.
    ///   - standardError: where its standard error goes.
    /// - Throws: ``ChildProcessError`` when the program cannot be started.
    public init(
        _ arguments: [String], environment: [String: String?] = [:], standardInput: Input = .null,
        standardOutput: Output = .null, standardError: Output = .null
    ) throws(ChildProcessError) {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        switch standardInput {
        case .null: posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&fileActions, descriptor, 0)
        }
        var pipeEnds: (read: Int32, write: Int32)?
        for (descriptor, output) in [(Int32(1), standardOutput), (Int32(2), standardError)] {
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&fileActions, descriptor, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&fileActions, descriptor, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .pipe:
                if pipeEnds == nil { pipeEnds = try Self.pipe(for: arguments[0]) }
                posix_spawn_file_actions_adddup2(&fileActions, pipeEnds!.write, descriptor)
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

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = Self.environment(adding: environment).map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &fileActions, &attributes, argv, envp)
        if let pipeEnds { close(pipeEnds.write) }
        guard result == 0 else {
            if let pipeEnds { close(pipeEnds.read) }
            throw ChildProcessError.spawn(arguments[0], result)
        }
        pid = child
        outputPipe = pipeEnds?.read
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
        let deadline = ContinuousClock.now.advanced(by: .seconds(grace))
        while isRunning, ContinuousClock.now < deadline { usleep(10_000) }
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
            // Reaped elsewhere (or never ours): it has gone, and its pid may be another's by now.
            if result < 0, errno == ECHILD {
                known = -1
                return known
            }
            guard result == pid else { return nil }
            let signalNumber = status & 0x7f
            known = signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
            return known
        }
    }

    /// A pipe whose ends are closed in programs started later: only the child an end is
    /// handed to holds it.
    private static func pipe(for program: String) throws(ChildProcessError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw ChildProcessError.spawn(program, errno) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    /// This process's environment as `NAME=value` entries, with `changes` applied.
    private static func environment(adding changes: [String: String?]) -> [String] {
        var merged: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                merged[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        for (name, value) in changes { merged[name] = value }
        return merged.map { "\($0.key)=\($0.value)" }
    }

    deinit {
        if reap(blocking: false) == nil {
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
    }
}
