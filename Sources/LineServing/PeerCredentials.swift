import Glibc

/// Linux's `struct ucred`, laid out the same (Glibc's module map leaves it out).
public struct PeerCredentials: Sendable {
    /// The peer's process id.
    public var pid: Int32 = 0
    /// The peer's user id.
    public var uid: UInt32 = 0
    /// The peer's group id.
    public var gid: UInt32 = 0

    /// The credentials of the process at the other end of `socket` (`SO_PEERCRED`), `nil`
    /// when they cannot be read.
    public init?(of socket: Int32) {
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        let read = withUnsafeMutablePointer(to: &self) {
            getsockopt(socket, SOL_SOCKET, Self.peerCredentialsOption, $0, &length)
        }
        guard read == 0, length == socklen_t(MemoryLayout<PeerCredentials>.size) else { return nil }
    }

    /// `SO_PEERCRED` of Linux, which Glibc's module map leaves out (it needs `_GNU_SOURCE`).
    private static let peerCredentialsOption: Int32 = 17
}
