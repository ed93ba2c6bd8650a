/// Where the daemon's socket is, by SPEC §1: `RONDO_SOCKET`, else
/// `$XDG_RUNTIME_DIR/rondo/rondo.sock`, else a per-user directory under `/tmp`.
public enum SocketLocation {
    /// The socket path for this environment.
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - uid: the user's id, for the fallback directory.
    public static func defaultPath(environment: [String: String], uid: UInt32) -> String {
        if let explicit = environment["RONDO_SOCKET"], !explicit.isEmpty { return explicit }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/rondo/rondo.sock" }
        return "/tmp/rondo-\(uid)/rondo.sock"
    }
}
