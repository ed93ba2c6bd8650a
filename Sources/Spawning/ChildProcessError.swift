import Glibc

/// Why a ``ChildProcess`` could not start.
public enum ChildProcessError: Error, CustomStringConvertible {
    /// `posix_spawnp` of the program (or the pipe for its output) failed with this errno.
    case spawn(String, Int32)

    /// `cannot start PROGRAM: REASON`.
    public var description: String {
        switch self {
        case .spawn(let program, let code): "cannot start \(program): \(String(cString: strerror(code)))"
        }
    }
}
