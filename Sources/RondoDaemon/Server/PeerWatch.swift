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
