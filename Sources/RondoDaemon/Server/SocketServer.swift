import Glibc
import LineServing
import Logging
import RondoProtocol
import RondoRouting

/// Accepts connections on the daemon's Unix socket and serves NDJSON JSON-RPC on each.
///
/// Every connection is served by one ``RequestLoop`` thread, by a ``ClientConnection``:
/// requests on one connection are answered in order, and every event a request causes
/// reaches the client before the request's reply. A client that disconnects mid-request
/// only loses its own reply.
final class SocketServer: Sendable {
    /// How many clients may wait in the kernel's queue to be accepted (capped by
    /// net.core.somaxconn): a script starting hundreds at once waits rather than being refused.
    static let backlog: Int32 = 4096

    private let socket: ListeningSocket
    private let router: Router
    private let hub: EventHub
    private let logger: Logger
    private let maxClients: Int
    private let onDisconnect: @Sendable (Int) -> Void

    /// Creates a server on `socket`; nothing is bound until ``run(onBound:)``.
    /// - Parameters:
    ///   - maxClients: how many connections are served at once; one more is answered with
    ///     an `isBusy` error line and closed.
    ///   - onDisconnect: called with a connection's number once it has closed (its sessions
    ///     end with it).
    init(
        socket: ListeningSocket, router: Router, hub: EventHub, maxClients: Int, logger: Logger,
        onDisconnect: @escaping @Sendable (Int) -> Void
    ) {
        self.socket = socket
        self.maxClients = maxClients
        self.router = router
        self.hub = hub
        self.logger = logger
        self.onDisconnect = onDisconnect
    }

    /// Binds the socket (mode 0600), or takes the one systemd passed, and serves until the
    /// task is cancelled. A stale socket file at the path is replaced, one another process
    /// serves is not (``InstanceLockError/socketInUse(path:)``). A socket it bound itself is
    /// removed when it stops, if the file is still its own; systemd's stays.
    /// - Parameter onBound: called once the socket accepts connections.
    func run(onBound: @Sendable () -> Void) async throws {
        let listener: Int32
        var bound: (file: SocketFile, identity: (device: UInt, inode: UInt)?)?
        switch socket {
        case .path(let path):
            let file = SocketFile(path: path)
            do {
                try file.removeIfStale()
            } catch {
                throw InstanceLockError.socketInUse(path: error.path)
            }
            listener = try ListenerSocket.unix(path, backlog: Self.backlog)
            chmod(path, 0o600)
            bound = (file, file.identity())
        case .inherited(let inherited):
            listener = inherited.descriptor
            _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        }
        // Another daemon may have replaced the file since (only possible without the lock,
        // e.g. by hand): its socket is left alone.
        defer {
            close(listener)
            if let bound { bound.file.remove(ifStill: bound.identity) }
        }
        let loop = try RequestLoop()
        let service = JSONLineService(loop: loop, router: router, hub: hub, logger: logger, onDisconnect: onDisconnect)
        let acceptor = LineAcceptor(loop: loop, service: service, maxClients: maxClients, logger: logger)
        loop.start()
        loop.execute { acceptor.listen(on: LineListener(descriptor: listener, isLocal: true)) }
        onBound()
        // Cancellation is how serving ends on shutdown (SIGTERM), not a failure: the
        // listening socket closes, then every connection, each once its running request
        // is answered and its sessions have ended.
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in loop.execute { acceptor.whenStopped(continuation) } }
        } onCancel: {
            loop.execute { acceptor.stop() }
        }
        loop.stop()
    }
}
