import Glibc
import LineServing
public import Logging
import MPDProtocol

/// Serves the MPD protocol (SPEC §13) on a Unix socket beside the daemon's own (mode 0600,
/// only the daemon's user admitted, as on the JSON socket) and, when `[mpd] listen` is set,
/// on TCP, where a `[mpd] password` is asked before anything but `password`, `ping`,
/// `close` and `commands`.
///
/// Ownership: one loop thread of its own (`rondod-mpd`, a ``RequestLoop``) owns the
/// listening sockets and every connection (``MPDConnection``); their commands run on tasks.
public final class MPDServer: Sendable {
    /// How many clients may wait in the kernel's queue to be accepted, as MPD's own.
    static let backlog: Int32 = 128

    private let socketPath: String
    private let settings: MPDSettings
    private let commands: MPDCommands
    private let board: MPDIdleBoard
    private let maxClients: Int
    private let logger: Logger

    /// A server of `commands` on `socketPath` and `settings.listen`.
    public init(socketPath: String, settings: MPDSettings, commands: MPDCommands, board: MPDIdleBoard, maxClients: Int, logger: Logger) {
        self.socketPath = socketPath
        self.settings = settings
        self.commands = commands
        self.board = board
        self.maxClients = maxClients
        self.logger = logger
    }

    /// Listens and serves until the task is cancelled; the socket file goes when it stops.
    /// - Throws: ``SocketServerError`` when no listening socket can be made.
    public func run() async throws {
        var listeners: [(descriptor: Int32, isLocal: Bool)] = []
        let file = SocketFile(path: socketPath)
        try file.removeIfStale()
        listeners.append((try ListenerSocket.unix(socketPath, backlog: Self.backlog), true))
        chmod(socketPath, 0o600)
        let identity = file.identity()
        defer {
            for listener in listeners { close(listener.descriptor) }
            file.remove(ifStill: identity)
        }
        if let listen = settings.listen {
            listeners.append((try ListenerSocket.tcp(host: listen.host, port: listen.port, backlog: Self.backlog), false))
            logger.info("MPD clients served on \(listen)\(settings.password == nil ? "" : " (with a password)")")
        }
        logger.info("MPD clients served on \(socketPath)")
        let loop = try RequestLoop(threadName: "rondod-mpd")
        let service = MPDLineService(
            loop: loop, commands: commands, board: board, requiresPassword: settings.password != nil, logger: logger)
        let acceptor = LineAcceptor(loop: loop, service: service, maxClients: maxClients, logger: logger)
        loop.start()
        for listener in listeners {
            loop.execute { acceptor.listen(on: LineListener(descriptor: listener.descriptor, isLocal: listener.isLocal)) }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in loop.execute { acceptor.whenStopped(continuation) } }
        } onCancel: {
            loop.execute { acceptor.stop() }
        }
        loop.stop()
    }
}

/// The MPD sockets' door: an admitted client is served by an ``MPDConnection``; one over
/// `max_clients` or of another user is greeted and answered with one ACK line.
///
/// Ownership: called only on the MPD loop's thread, by its ``LineAcceptor``.
final class MPDLineService: LineService, @unchecked Sendable {
    let clientName = "MPD"
    private let loop: RequestLoop
    private let commands: MPDCommands
    private let board: MPDIdleBoard
    private let requiresPassword: Bool
    private let logger: Logger

    /// Serves clients on `loop` through `commands`; over TCP, `requiresPassword` asks the
    /// password first.
    init(loop: RequestLoop, commands: MPDCommands, board: MPDIdleBoard, requiresPassword: Bool, logger: Logger) {
        self.loop = loop
        self.commands = commands
        self.board = board
        self.requiresPassword = requiresPassword
        self.logger = logger
    }

    func refusal(_ reason: LineRefusal) -> [UInt8] {
        let error =
            switch reason {
            case .full(let maxClients): MPDAck(.system, command: "", "rondod already serves its maximum of \(maxClients) MPD clients")
            case .otherUser: MPDAck(.permission, command: "", "only the user who runs rondod may connect")
            }
        return Array((MPDConnection.greeting + error.line).utf8)
    }

    func serve(id: Int, socket: Int32, peer: PeerCredentials?, listener: LineListener, ended: @escaping () -> Void)
        -> any LineConnection
    {
        // The Unix socket admits only the daemon's own user: the password guards TCP.
        let client = MPDClientState(id: id, isAuthorized: listener.isLocal || !requiresPassword, isLocal: listener.isLocal)
        return MPDConnection(id: id, socket: socket, client: client, loop: loop, commands: commands, board: board, logger: logger) {
            _ in ended()
        }
    }

    func connectionEnded(_ id: Int) {}
}
