import Glibc
import Logging
import NIOCore
import NIOPosix
import RondoProtocol
import Synchronization

/// Accepts connections on the daemon's Unix socket and serves NDJSON JSON-RPC on each.
///
/// Each connection is served on an event loop by a ``ClientConnection``: requests on one
/// connection are answered in order, and every event a request causes reaches the client
/// before the request's reply. A client that disconnects mid-request only loses its own
/// reply.
final class SocketServer: Sendable {
    private let socket: ListeningSocket
    private let router: Router
    private let hub: EventHub
    private let logger: Logger
    private let nextConnection = Atomic<Int>(1)
    /// Connections being served now, counted against `maxClients`.
    private let connected = Atomic<Int>(0)
    private let maxClients: Int
    private let onDisconnect: @Sendable (Int) -> Void
    /// The connections being served, by number, so a stopping server can close them.
    private let live = Mutex<[Int: LiveConnection]>([:])

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
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            // A burst of clients (a script starting hundreds at once) waits in the kernel's
            // queue rather than being refused: a non-blocking connect to a full Unix socket
            // queue fails with EAGAIN. The kernel caps this at net.core.somaxconn.
            .serverChannelOption(.backlog, value: 4096)
            .serverChannelOption(.maxMessagesPerRead, value: 64)
            // A client that sends its requests and then shuts down its writing side
            // (`printf … | nc -U`) still gets every reply before the connection closes.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture { try self.initialize(channel) }
            }
        let server: any Channel
        var bound: (file: SocketFile, identity: (device: UInt, inode: UInt)?)?
        switch socket {
        case .path(let path):
            let file = SocketFile(path: path)
            try file.removeIfStale()
            server = try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false).get()
            chmod(path, 0o600)
            bound = (file, file.identity())
        case .inherited(let inherited):
            server = try await bootstrap.withBoundSocket(inherited.descriptor).get()
        }
        onBound()
        // Another daemon may have replaced the file since (only possible without the lock,
        // e.g. by hand): its socket is left alone.
        defer { if let bound { bound.file.remove(ifStill: bound.identity) } }
        // Cancellation is how serving ends on shutdown (SIGTERM), not a failure: the
        // listening socket closes, then every connection, each once its running request
        // is answered and its sessions have ended.
        await withTaskCancellationHandler {
            try? await server.closeFuture.get()
        } onCancel: {
            server.close(promise: nil)
        }
        let open = live.withLock { $0.values.map { $0 } }
        for connection in open { connection.channel.close(promise: nil) }
        for connection in open { try? await connection.ended.get() }
    }

    /// Sets up a new connection's pipeline: NDJSON framing with the line cap, the peer
    /// watch and the request handler; a connection over the cap is refused instead.
    private func initialize(_ channel: any Channel) throws {
        let id = nextConnection.add(1, ordering: .relaxed).oldValue
        guard connected.add(1, ordering: .relaxed).newValue <= maxClients else {
            connected.subtract(1, ordering: .relaxed)
            logger.warning("refused connection \(id): \(maxClients) clients are connected (max_clients)")
            let reply = router.refusalReply(
                RPCError(
                    .isBusy,
                    "rondod already serves its maximum of \(maxClients) clients; close one, or raise max_clients in rondo.toml (and the open-file limit)"
                ))
            channel.writeAndFlush(ByteBuffer(bytes: reply)).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        let ended = channel.eventLoop.makePromise(of: Void.self)
        live.withLock { $0[id] = LiveConnection(channel: channel, ended: ended.futureResult) }
        let watch = PeerWatch()
        let handler = ClientConnection(id: id, router: router, hub: hub, watch: watch, logger: logger) { [self] id in
            live.withLock { _ = $0.removeValue(forKey: id) }
            connected.subtract(1, ordering: .relaxed)
            onDisconnect(id)
            ended.succeed()
        }
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(maximumLength: JSONRPCCodec.maximumLineLength)))
        try channel.pipeline.syncOperations.addHandler(watch)
        try channel.pipeline.syncOperations.addHandler(handler)
    }
}

/// A connection being served, and the future that completes once it has ended.
private struct LiveConnection: Sendable {
    let channel: any Channel
    let ended: EventLoopFuture<Void>
}
