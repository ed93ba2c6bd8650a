import Glibc
import Logging
import NIOCore
import NIOPosix
import RondoProtocol
import Synchronization

/// Accepts connections on the daemon's Unix socket and serves NDJSON JSON-RPC on each.
///
/// Requests on one connection are answered in order, through the connection's outbox, the
/// same queue its events go through: every event a request causes reaches the client before
/// the request's reply. A client that disconnects mid-request
/// only loses its own reply.
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
        let server: NIOAsyncChannel<NIOAsyncChannel<Frame, ByteBuffer>, Never>
        var bound: (file: SocketFile, identity: (device: UInt, inode: UInt)?)?
        switch socket {
        case .path(let path):
            let file = SocketFile(path: path)
            try file.removeIfStale()
            server = try await bootstrap.bind(
                unixDomainSocketPath: path, cleanupExistingSocketFile: false, childChannelInitializer: Self.initialize)
            chmod(path, 0o600)
            bound = (file, file.identity())
        case .inherited(let inherited):
            server = try await bootstrap.bind(inherited.descriptor, childChannelInitializer: Self.initialize)
        }
        onBound()
        // Another daemon may have replaced the file since (only possible without the lock,
        // e.g. by hand): its socket is left alone.
        defer { if let bound { bound.file.remove(ifStill: bound.identity) } }
        do {
            try await withThrowingDiscardingTaskGroup { group in
                try await withTaskCancellationHandler {
                    try await server.executeThenClose { connections in
                        for try await connection in connections {
                            let id = nextConnection.add(1, ordering: .relaxed).oldValue
                            guard connected.add(1, ordering: .relaxed).newValue <= maxClients else {
                                connected.subtract(1, ordering: .relaxed)
                                group.addTask { await self.refuse(connection, id: id) }
                                continue
                            }
                            group.addTask {
                                defer { self.connected.subtract(1, ordering: .relaxed) }
                                await self.serve(connection, id: id)
                            }
                        }
                    }
                } onCancel: {
                    server.channel.close(promise: nil)
                }
            }
        } catch is CancellationError {
            // Cancellation is how serving ends on shutdown (SIGTERM), not a failure:
            // rethrowing it would make rondod exit 1.
        }
    }

    /// Sets up a new connection's pipeline: NDJSON framing with the line cap, then the peer watch.
    @Sendable private static func initialize(_ channel: any Channel) -> EventLoopFuture<NIOAsyncChannel<Frame, ByteBuffer>> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                ByteToMessageHandler(LineFrameDecoder(maximumLength: JSONRPCCodec.maximumLineLength)))
            try channel.pipeline.syncOperations.addHandler(PeerWatch())
            return try NIOAsyncChannel<Frame, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
    }

    /// Tells a connection over the cap why it is closed, then closes it.
    private func refuse(_ connection: NIOAsyncChannel<Frame, ByteBuffer>, id: Int) async {
        logger.warning("refused connection \(id): \(maxClients) clients are connected (max_clients)")
        let reply = router.refusalReply(
            RPCError(
                .isBusy,
                "rondod already serves its maximum of \(maxClients) clients; close one, or raise max_clients in rondo.toml (and the open-file limit)"
            ))
        try? await connection.executeThenClose { _, outbound in try await outbound.write(ByteBuffer(bytes: reply)) }
    }

    private func serve(_ connection: NIOAsyncChannel<Frame, ByteBuffer>, id: Int) async {
        let (outbox, continuation) = AsyncStream.makeStream(
            of: [UInt8].self, bufferingPolicy: .bufferingOldest(EventHub.outboxCapacity))
        let channel = connection.channel
        hub.register(id, outbox: continuation) { [hub, logger] in
            // Unsubscribe at once, so the events that follow do not close and log it again.
            hub.unregister(id)
            logger.warning("closing connection \(id): it does not read its events")
            channel.close(promise: nil)
        }
        defer {
            hub.unregister(id)
            onDisconnect(id)
        }
        let watch = try? await channel.pipeline.handler(type: PeerWatch.self).get()
        let peerUser = await watch?.learnPeer(of: channel)
        // Only the daemon's own user may connect (SPEC §2), even through a socket whose
        // permissions were loosened.
        // Unreadable credentials mean the client already hung up; its buffered requests
        // are still answered (into the void), as before the gate.
        guard peerUser == nil || peerUser == getuid() else {
            logger.warning("refused connection \(id) from uid \(peerUser.map(String.init) ?? "unknown"): only uid \(getuid()) may connect")
            let reply = router.refusalReply(
                RPCError(.permissionDenied, "only the user who runs rondod may connect; run rondo as that user"))
            try? await connection.executeThenClose { _, outbound in try await outbound.write(ByteBuffer(bytes: reply)) }
            return
        }
        let context = ConnectionContext(id: id) { watch?.isGone ?? false }
        do {
            try await connection.executeThenClose { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await line in outbox { try await outbound.write(ByteBuffer(bytes: line)) }
                    }
                    // Replies go through the outbox too, behind the events their request
                    // caused: a client sees the effects of a request before its answer.
                    for try await frame in inbound {
                        let reply: [UInt8]?
                        switch frame {
                        case .line(let buffer):
                            reply = await router.handle(line: Array(buffer.readableBytesView), context: context)
                        case .oversized:
                            reply = router.oversizedLineReply()
                        }
                        if let reply, case .dropped = continuation.yield(reply) {
                            logger.warning("closing connection \(id): it does not read its replies")
                            channel.close(promise: nil)
                        }
                    }
                    // The client sent its last request: the outbox ends, and is written out first.
                    hub.unregister(id)
                    try await group.waitForAll()
                }
            }
        } catch {
            logger.debug("connection \(id) ended: \(error)")
        }
    }
}
