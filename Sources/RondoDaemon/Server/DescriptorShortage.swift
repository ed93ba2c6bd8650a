import Dispatch
import Glibc
import Logging

/// What an acceptor does when the process runs out of descriptors: it stops watching its
/// listening sockets (their level-triggered readiness would otherwise wake the loop again at
/// once, a spin), lets the clients wait in the sockets' queues, and tries again when one of its
/// own connections ends or after ``retryAfter``, for a descriptor freed elsewhere. The shortage
/// is logged once when it begins and once when it ends, not at every try.
///
/// Ownership: touched only on the acceptor's loop thread.
struct DescriptorShortage {
    /// How long accepting waits before trying again: short enough that a client is answered
    /// soon after a descriptor is freed, long enough that the tries cost nothing.
    static let retryAfter: DispatchTimeInterval = .milliseconds(20)

    /// Whether the acceptor's listening sockets are unwatched for want of descriptors.
    private(set) var isPaused = false
    private var isLogged = false

    /// Whether `code`, an `accept4` errno, means that no descriptor (or kernel memory for one) is left.
    static func isShortage(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM
    }

    /// Notes that the acceptor stopped watching its listeners because accepting failed for
    /// want of descriptors, and asks `retry` to run on the loop after ``retryAfter``.
    mutating func began(on loop: RequestLoop, socketName: String, logger: Logger, retry: @escaping @Sendable () -> Void) {
        if !isLogged {
            logger.warning(
                "cannot accept \(socketName) connections: the process has no file descriptor left; clients wait until one closes")
            isLogged = true
        }
        isPaused = true
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
