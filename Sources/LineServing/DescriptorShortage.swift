import Dispatch
import Glibc
import Logging

/// What an acceptor does when the process runs out of descriptors: it stops watching its
/// listening sockets (their level-triggered readiness would otherwise wake the loop again at
/// once, a spin) and lets the clients wait in the sockets' queues. It tries again as soon as
/// a connection of any of the daemon's sockets ends (``DescriptorsFreed``), and after
/// ``retryAfter`` for a descriptor freed elsewhere. The shortage is logged once when it
/// begins and once when it ends, not at every try.
///
/// Ownership: touched only on the acceptor's loop thread.
struct DescriptorShortage {
    /// How long accepting waits for a descriptor freed by something other than a connection
    /// (a file closed) before it tries again: four tries a second cost nothing.
    static let retryAfter: DispatchTimeInterval = .milliseconds(250)

    /// Whether the acceptor's listening sockets are unwatched for want of descriptors.
    private(set) var isPaused = false
    private var isLogged = false

    /// Whether `code`, an `accept4` errno, means that no descriptor (or kernel memory for one) is left.
    static func isShortage(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM
    }

    /// Notes that `owner` stopped watching its listeners because accepting failed for want of
    /// descriptors, and asks `retry` to run on the loop when a connection ends or after
    /// ``retryAfter``, whichever comes first (a second run finds nothing to resume).
    mutating func began(
        by owner: AnyObject, on loop: RequestLoop, socketName: String, logger: Logger, retry: @escaping @Sendable () -> Void
    ) {
        if !isLogged {
            logger.warning(
                "cannot accept \(socketName) connections: the process has no file descriptor left; clients wait until one closes")
            isLogged = true
        }
        isPaused = true
        DescriptorsFreed.process.wait(for: owner) { loop.execute(retry) }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.retryAfter) { loop.execute(retry) }
    }

    /// Whether the acceptor should watch its listeners again, which it then does.
    mutating func resumes() -> Bool {
        guard isPaused else { return false }
        isPaused = false
        return true
    }

    /// Notes that a connection was accepted; logs the end of a shortage once.
    mutating func accepted(socketName: String, logger: Logger) {
        guard isLogged else { return }
        isLogged = false
        logger.notice("accepting \(socketName) connections again")
    }
}
