import Glibc
import Synchronization

/// Tells whether the client at the other end of a connection is gone, while a long request
/// (a prompt) is still being answered and nothing is read from the connection.
///
/// A closed input alone does not say it: a client that shuts down only its writing side
/// (`printf … | nc -U`) still waits for its replies. The client is gone once its input is
/// closed and its process (from the socket's peer credentials) no longer exists.
///
/// Ownership: the connection sets the flags on the request loop; any task reads them.
final class PeerWatch: Sendable {
    private let inputClosed = Atomic<Bool>(false)
    private let peerProcess: Int32

    /// Watches the client whose process is `peerProcess` (0 when unknown).
    init(peerProcess: Int32) {
        self.peerProcess = peerProcess
    }

    /// The client closed its side, or the connection is gone.
    func inputHasClosed() {
        inputClosed.store(true, ordering: .relaxed)
    }

    /// Whether the client has hung up and its process has exited.
    var isGone: Bool {
        guard inputClosed.load(ordering: .relaxed) else { return false }
        return peerProcess <= 0 || (kill(peerProcess, 0) != 0 && errno == ESRCH)
    }
}

/// Linux's `struct ucred`, laid out the same (Glibc's module map leaves it out).
struct PeerCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0

    /// The credentials of the process at the other end of `socket` (`SO_PEERCRED`), `nil`
    /// when they cannot be read.
    init?(of socket: Int32) {
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        let read = withUnsafeMutablePointer(to: &self) {
            getsockopt(socket, SOL_SOCKET, Self.peerCredentialsOption, $0, &length)
        }
        guard read == 0, length == socklen_t(MemoryLayout<PeerCredentials>.size) else { return nil }
    }

    /// `SO_PEERCRED` of Linux, which Glibc's module map leaves out (it needs `_GNU_SOURCE`).
    private static let peerCredentialsOption: Int32 = 17
}
