/// Why the daemon cannot have a resource to itself: another daemon holds it, or its lock
/// file cannot be made.
public enum InstanceLockError: Error, Equatable, CustomStringConvertible {
    /// Another process holds the lock: a daemon already serves this socket or uses this database.
    case held(resource: String, what: String, lockFile: String, pid: Int32?)
    /// The lock file could not be created or locked.
    case cannotLock(resource: String, what: String, lockFile: String, reason: String)
    /// Another process, which holds no lock of Rondo's, accepts connections on the socket path.
    case socketInUse(path: String)

    /// The exit status of a daemon that refuses to start beside another: `EX_TEMPFAIL`, as
    /// starting again once the other has stopped will work.
    public static let exitStatus: Int32 = 75

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .held(let resource, let what, let lockFile, let pid):
            let holder = pid.map { "process \($0)" } ?? "another process"
            return "another rondod (\(holder)) already uses the \(what) \(resource) (it holds \(lockFile)); "
                + "stop it first (rondo status shows it), or pass another --\(what == "socket" ? "socket" : "database")"
        case .cannotLock(let resource, let what, let lockFile, let reason):
            return "cannot lock the \(what) \(resource) through \(lockFile): \(reason); "
                + "check that its directory is yours and writable"
        case .socketInUse(let path):
            return "another process accepts connections on \(path); refusing to replace its socket. "
                + "Stop it, or pass another --socket"
        }
    }
}
