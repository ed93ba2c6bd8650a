import Glibc
import RondoProtocol

/// The command `rondo session exec` runs inside a session.
///
/// It inherits the terminal and the environment, plus `PULSE_PROP` carrying the session's
/// id, which libpulse copies onto every stream the command opens; that is how the daemon
/// finds them. While it runs, `rondo` ignores SIGINT and SIGQUIT (as `system(3)` does) so
/// that a Ctrl-C stops the command and `rondo` still ends the session, and passes SIGTERM
/// and SIGHUP on to the command, so that stopping `rondo` stops what runs in its session.
enum SessionChild {
    /// How the command ended.
    enum Status: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// It was killed by this signal.
        case signaled(Int32)
        /// It could not be started: the message says why, and the status is the shell's
        /// (127 not found, 126 not executable).
        case failedToStart(String, status: Int32)
    }

    /// Runs `command` (looked up in `PATH`) for the session; calls `whileRunning` about ten
    /// times a second until it ends.
    static func run(_ command: [String], session: String, whileRunning: () -> Void) -> Status {
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        let previousTerminate = signal(SIGTERM, forwardToChild)
        let previousHangUp = signal(SIGHUP, forwardToChild)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
            signal(SIGTERM, previousTerminate)
            signal(SIGHUP, previousHangUp)
            runningChild = 0
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGHUP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = command.map { strdup($0) } + [nil]
        let environment = environment(for: session).map { strdup($0) } + [nil]
        defer {
            for pointer in arguments + environment { free(pointer) }
        }
        var child: pid_t = 0
        let error = posix_spawnp(&child, command[0], nil, &attributes, arguments, environment)
        guard error == 0 else {
            return .failedToStart(
                "cannot run \(command[0]): \(String(cString: strerror(error)))", status: error == ENOENT ? 127 : 126)
        }
        runningChild = child
        var status: Int32 = 0
        while true {
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child { break }
            if reaped < 0, errno != EINTR { return .exited(1) }
            whileRunning()
        }
        let signalNumber = status & 0x7f
        return signalNumber == 0 ? .exited((status >> 8) & 0xff) : .signaled(signalNumber)
    }

    /// This process's environment with the session's property added to `PULSE_PROP`.
    private static func environment(for session: String) -> [String] {
        var entries: [String] = []
        // Quoted as pa_proplist_from_string wants: an unparsable value would make libpulse
        // drop the whole variable.
        let quoted = session.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        var pulseProperties = SessionProperty.name + "=\"" + quoted + "\""
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if text.hasPrefix("PULSE_PROP=") {
                pulseProperties = String(text.dropFirst("PULSE_PROP=".count)) + " " + pulseProperties
            } else {
                entries.append(text)
            }
            index += 1
        }
        return entries + ["PULSE_PROP=" + pulseProperties]
    }
}

/// The command running in the session, for the signal handler; 0 when none runs.
nonisolated(unsafe) private var runningChild: pid_t = 0

/// Passes a termination signal on to the command; `rondo` ends the session once it exits.
private func forwardToChild(_ signal: Int32) {
    if runningChild > 0 { kill(runningChild, signal) }
}
