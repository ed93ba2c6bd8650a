import CLinux
import Glibc
import Logging
import RondoProtocol
import RondoRouting

/// Accepts the daemon socket's connections on the request loop, admits the daemon's own
/// user up to `maxClients` (SPEC §2), and keeps the connections being served.
///
/// A connection over the cap is answered with an `isBusy` error line and closed; one from
/// another user with a `permissionDenied` line. When the process runs out of descriptors,
/// accepting pauses (``DescriptorShortage``) and the clients wait in the socket's queue.
///
/// Ownership: every property is touched only on the request loop's thread.
final class ConnectionAcceptor: LoopWatched, @unchecked Sendable {
    private let listener: Int32
    private let loop: RequestLoop
    private let router: Router
    private let hub: EventHub
    private let logger: Logger
    private let maxClients: Int
    private let onDisconnect: @Sendable (Int) -> Void
    private var nextConnection = 1
    private var live: [Int: ClientConnection] = [:]
    private var accepting = false
    private var shortage = DescriptorShortage()
    private var stopping = false
    private var whenAllEnded: CheckedContinuation<Void, Never>?

    /// Creates the acceptor of `listener`, a listening socket in non-blocking mode.
    init(
        listener: Int32, loop: RequestLoop, router: Router, hub: EventHub, maxClients: Int, logger: Logger,
        onDisconnect: @escaping @Sendable (Int) -> Void
    ) {
        self.listener = listener
        self.loop = loop
        self.router = router
        self.hub = hub
        self.maxClients = maxClients
        self.logger = logger
        self.onDisconnect = onDisconnect
    }

    /// Starts accepting.
    func start() {
        guard !stopping, !accepting else { return }
        accepting = true
        loop.watch(listener, events: EPOLLIN.rawValue, for: self)
    }

    /// Stops accepting and closes every connection; each ends once its running request is
    /// answered.
    func stop() {
        stopping = true
        pauseAccepting()
        for connection in Array(live.values) { connection.closeNow() }
        resumeIfAllEnded()
    }

    /// Resumes `continuation` once ``stop()`` has run and every connection has ended.
    func whenStopped(_ continuation: CheckedContinuation<Void, Never>) {
        whenAllEnded = continuation
        resumeIfAllEnded()
    }

    func ready(_ events: UInt32) {
        // A burst of clients is taken a batch at a time, between the requests of the others.
        for _ in 0..<64 {
            let socket = accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            guard socket >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case let code where DescriptorShortage.isShortage(code): outOfDescriptors()
                default: break
                }
                return
            }
            shortage.accepted(socketName: "client", logger: logger)
            admit(socket)
        }
    }

    private func admit(_ socket: Int32) {
        let id = nextConnection
        nextConnection += 1
        guard live.count < maxClients else {
            logger.warning("refused connection \(id): \(maxClients) clients are connected (max_clients)")
            refuse(
                socket,
                RPCError(
                    .isBusy,
                    "rondod already serves its maximum of \(maxClients) clients; close one, or raise max_clients in rondo.toml (and the open-file limit)"
                ))
            return
        }
        let credentials = PeerCredentials(of: socket)
        if let credentials, credentials.uid != getuid() {
            logger.warning("refused connection \(id) from uid \(credentials.uid): only uid \(getuid()) may connect")
            refuse(socket, RPCError(.permissionDenied, "only the user who runs rondod may connect; run rondo as that user"))
            return
        }
        let connection = ClientConnection(
            id: id, socket: socket, peerProcess: credentials?.pid ?? 0, loop: loop, router: router, hub: hub, logger: logger
        ) { [self] id in ended(id) }
        live[id] = connection
        connection.start()
    }

    /// Answers a connection that will not be served with one error line, and closes it.
    private func refuse(_ socket: Int32, _ error: RPCError) {
        let reply = router.refusalReply(error)
        _ = reply.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        close(socket)
    }

    private func ended(_ id: Int) {
        live.removeValue(forKey: id)
        onDisconnect(id)
        // The descriptor just freed is one a client waiting on either socket can have.
        DescriptorsFreed.process.freed()
        if shortage.resumes() { start() }
        resumeIfAllEnded()
    }

    private func outOfDescriptors() {
        pauseAccepting()
        shortage.began(by: self, on: loop, socketName: "client", logger: logger) { [self] in
            if shortage.resumes() { start() }
        }
    }

    private func pauseAccepting() {
        guard accepting else { return }
        accepting = false
        loop.forget(listener)
    }

    private func resumeIfAllEnded() {
        guard stopping, live.isEmpty, let continuation = whenAllEnded else { return }
        whenAllEnded = nil
        continuation.resume()
    }
}
