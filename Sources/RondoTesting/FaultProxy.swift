import Foundation
import Synchronization

/// A TCP proxy on 127.0.0.1 in front of one of the tests' servers (an ``IcecastServer``, a
/// ``TestHTTPServer``) that fails on command the way a network does: it drops every
/// connection (``cut(_:)``), stops passing bytes while keeping connections open
/// (``stall(for:)``), passes them slowly (``trickle(bytesPerSecond:)``) or ends each
/// connection after so many bytes of its answer (``cutEach(afterBytes:)``).
///
/// Each connection is relayed by a thread of its own, which checks the settings between
/// reads: a fault takes hold within about 50 ms. Connections made after a cut are relayed
/// as usual. ``stop()`` (or the proxy's end) closes the listener and every connection.
public final class FaultProxy: Sendable {
    /// How ``cut(_:)`` ends a connection, as the listener on the near side sees it.
    public enum Ending: Sendable, CustomStringConvertible {
        /// An orderly close (FIN): the body simply ends, as when a server or a NAT gives up.
        case close
        /// A reset (RST): the next read fails with `ECONNRESET`, as when a route goes away.
        case reset

        /// `close` or `reset`, for test names.
        public var description: String {
            switch self {
            case .close: "close"
            case .reset: "reset"
            }
        }
    }

    /// The port it listens on.
    public var port: Int { core.port }
    /// The port on 127.0.0.1 it forwards to.
    public let targetPort: Int
    private let core: FaultProxyCore

    /// Starts listening on a free port of 127.0.0.1, forwarding each connection to
    /// 127.0.0.1:`targetPort` (one the target refuses is closed at once).
    /// - Throws: ``LoopbackSocket/Failure`` when no port can be bound.
    public init(targetPort: Int) throws {
        self.targetPort = targetPort
        core = try FaultProxyCore(targetPort: targetPort)
        core.startAccepting()
    }

    deinit { core.stop() }

    /// `http://127.0.0.1:PORT` and `path` (which starts with `/`): the URL of the target's
    /// `path` through the proxy.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Ends every open connection, both sides, and returns once they are closed; new
    /// connections are relayed as usual.
    /// - Parameter ending: whether the near side sees an orderly close or a reset.
    public func cut(_ ending: Ending = .close) {
        core.cutAll(ending)
    }

    /// Passes no byte either way, on open connections and new ones, for `seconds` from
    /// now; connections stay open. Bytes already in the kernel's buffers still arrive.
    public func stall(for seconds: Double) {
        core.policy.withLock { $0.stalledUntil = ContinuousClock.now + .milliseconds(Int(seconds * 1000)) }
    }

    /// Passes at most `bytesPerSecond` of each answer (target to listener), or, with `nil`,
    /// everything as fast as it comes.
    public func trickle(bytesPerSecond: Int?) {
        core.policy.withLock { $0.trickleRate = bytesPerSecond }
    }

    /// Ends each connection opened from now on once `afterBytes` bytes of its answer
    /// (headers included) have been passed on, with an orderly close; `nil` ends none.
    public func cutEach(afterBytes: Int?) {
        core.policy.withLock { $0.cutAfterBytes = afterBytes }
    }

    /// How many connections it has accepted so far: a listener that reconnects after a
    /// cut makes this grow.
    public var connectionCount: Int { core.policy.withLock { $0.accepted } }

    /// Closes the listener and every connection.
    public func stop() { core.stop() }
}
