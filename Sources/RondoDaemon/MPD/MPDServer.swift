import CLinux
import Dispatch
import Glibc
import Logging
import MPDProtocol

/// Serves the MPD protocol (SPEC §13) on a Unix socket beside the daemon's own (mode 0600,
/// only the daemon's user admitted, as on the JSON socket) and, when `[mpd] listen` is set,
/// on TCP, where a `[mpd] password` is asked before anything but `password`, `ping`,
/// `close` and `commands`.
///
/// Ownership: one loop thread of its own (`rondod-mpd`, a ``RequestLoop``) owns the
/// listening sockets and every connection (``MPDConnection``); their commands run on tasks.
final class MPDServer: Sendable {
    private let socketPath: String
    private let settings: MPDSettings
    private let commands: MPDCommands
    private let board: MPDIdleBoard
    private let maxClients: Int
    private let logger: Logger

    /// A server of `commands` on `socketPath` and `settings.listen`.
    init(socketPath: String, settings: MPDSettings, commands: MPDCommands, board: MPDIdleBoard, maxClients: Int, logger: Logger) {
        self.socketPath = socketPath
        self.settings = settings
        self.commands = commands
        self.board = board
        self.maxClients = maxClients
        self.logger = logger
    }

    /// Listens and serves until the task is cancelled; the socket file goes when it stops.
    /// - Throws: ``SocketServerError`` when no listening socket can be made.
    func run() async throws {
        var listeners: [(descriptor: Int32, isLocal: Bool)] = []
        let file = SocketFile(path: socketPath)
        try file.removeIfStale()
        listeners.append((try Self.listenUnix(socketPath), true))
        chmod(socketPath, 0o600)
        let identity = file.identity()
        defer {
            for listener in listeners { close(listener.descriptor) }
            file.remove(ifStill: identity)
        }
        if let listen = settings.listen {
            listeners.append((try Self.listenTCP(listen), false))
            logger.info("MPD clients served on \(listen)\(settings.password == nil ? "" : " (with a password)")")
        }
        logger.info("MPD clients served on \(socketPath)")
        let loop = try RequestLoop(threadName: "rondod-mpd")
        let acceptor = MPDAcceptor(
            loop: loop, commands: commands, board: board, requiresPassword: settings.password != nil, maxClients: maxClients,
            logger: logger)
        loop.start()
        for listener in listeners {
            loop.execute { acceptor.listen(on: listener.descriptor, isLocal: listener.isLocal) }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in loop.execute { acceptor.whenStopped(continuation) } }
        } onCancel: {
            loop.execute { acceptor.stop() }
        }
        loop.stop()
    }

    private static func listenUnix(_ path: String) throws(SocketServerError) -> Int32 {
        guard let address = UnixSocketAddress(path: path) else {
            throw .system("cannot bind \(path): the path is too long for a Unix socket", ENAMETOOLONG)
        }
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw .system("cannot create a socket for \(path)", errno) }
        guard address.withSocketAddress({ bind(listener, $0, $1) }) == 0, Glibc.listen(listener, 128) == 0 else {
            let code = errno
            close(listener)
            throw .system("cannot listen on \(path)", code)
        }
        return listener
    }

    private static func listenTCP(_ listen: MPDSettings.Listen) throws(SocketServerError) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(listen.host, String(listen.port), &hints, &found) == 0, let first = found else {
            throw .system("cannot listen on \(listen): the address cannot be read", EINVAL)
        }
        defer { freeaddrinfo(found) }
        let listener = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw .system("cannot create a socket for \(listen)", errno) }
        var on: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(listener, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, Glibc.listen(listener, 128) == 0 else {
            let code = errno
            close(listener)
            throw .system("cannot listen on \(listen)", code)
        }
        return listener
    }
}

/// Accepts MPD clients on the server's loop: over the Unix socket only the daemon's own
/// user, up to `maxClients` in all; each is served by an ``MPDConnection``. When the process
/// runs out of descriptors, accepting pauses on every listener (``DescriptorShortage``).
///
/// Ownership: every property is touched only on the loop's thread.
final class MPDAcceptor: @unchecked Sendable {
    /// One listening socket the loop watches.
    private final class Listener: LoopWatched {
        let descriptor: Int32
        let isLocal: Bool
        unowned let acceptor: MPDAcceptor

        init(descriptor: Int32, isLocal: Bool, acceptor: MPDAcceptor) {
            self.descriptor = descriptor
            self.isLocal = isLocal
            self.acceptor = acceptor
        }

        func ready(_ events: UInt32) { acceptor.accept(from: self) }
    }

    private let loop: RequestLoop
    private let commands: MPDCommands
    private let board: MPDIdleBoard
    private let requiresPassword: Bool
    private let maxClients: Int
    private let logger: Logger
    private var listeners: [Listener] = []
    private var live: [Int: MPDConnection] = [:]
    private var nextConnection = 1
    private var stopping = false
    private var shortage = DescriptorShortage()
    private var whenAllEnded: CheckedContinuation<Void, Never>?

    init(loop: RequestLoop, commands: MPDCommands, board: MPDIdleBoard, requiresPassword: Bool, maxClients: Int, logger: Logger) {
        self.loop = loop
        self.commands = commands
        self.board = board
        self.requiresPassword = requiresPassword
        self.maxClients = maxClients
        self.logger = logger
    }

    /// Starts accepting on `descriptor`.
    func listen(on descriptor: Int32, isLocal: Bool) {
        let listener = Listener(descriptor: descriptor, isLocal: isLocal, acceptor: self)
        listeners.append(listener)
        loop.watch(descriptor, events: EPOLLIN.rawValue, for: listener)
    }

    /// Stops accepting and closes every connection.
    func stop() {
        stopping = true
        for listener in listeners { loop.forget(listener.descriptor) }
        listeners.removeAll()
        for connection in Array(live.values) { connection.closeNow() }
        resumeIfAllEnded()
    }

    /// Resumes `continuation` once ``stop()`` has run and every connection has ended.
    func whenStopped(_ continuation: CheckedContinuation<Void, Never>) {
        whenAllEnded = continuation
        resumeIfAllEnded()
    }

    private func accept(from listener: Listener) {
        for _ in 0..<64 {
            let socket = accept4(listener.descriptor, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            guard socket >= 0 else {
                let code = errno
                if code == EINTR || code == ECONNABORTED { continue }
                if DescriptorShortage.isShortage(code) { outOfDescriptors() }
                return
            }
            shortage.accepted(socketName: "MPD", logger: logger)
            admit(socket, isLocal: listener.isLocal)
        }
    }

    private func outOfDescriptors() {
        guard !shortage.isPaused else { return }
        for listener in listeners { loop.forget(listener.descriptor) }
        shortage.began(by: self, on: loop, socketName: "MPD", logger: logger) { [self] in resumeAccepting() }
    }

    /// Watches the listeners again after a shortage: the loop reports the clients waiting, and
    /// an accept still out of descriptors pauses them again.
    private func resumeAccepting() {
        guard !stopping, shortage.resumes() else { return }
        for listener in listeners { loop.watch(listener.descriptor, events: EPOLLIN.rawValue, for: listener) }
    }

    private func admit(_ socket: Int32, isLocal: Bool) {
        let id = nextConnection
        nextConnection += 1
        guard !stopping, live.count < maxClients else {
            refuse(socket, MPDAck(.system, command: "", "rondod already serves its maximum of \(maxClients) MPD clients"))
            return
        }
        if isLocal, let credentials = PeerCredentials(of: socket), credentials.uid != getuid() {
            logger.warning("refused MPD connection \(id) from uid \(credentials.uid): only uid \(getuid()) may connect")
            refuse(socket, MPDAck(.permission, command: "", "only the user who runs rondod may connect"))
            return
        }
        // The Unix socket admits only the daemon's own user: the password guards TCP.
        let client = MPDClientState(isAuthorized: isLocal || !requiresPassword, isLocal: isLocal)
        let connection = MPDConnection(
            id: id, socket: socket, client: client, loop: loop, commands: commands, board: board, logger: logger
        ) { [self] id in ended(id) }
        live[id] = connection
        connection.start()
    }

    /// Answers a client that will not be served with one ACK line, and closes it.
    private func refuse(_ socket: Int32, _ error: MPDAck) {
        let line = Array((MPDConnection.greeting + error.line).utf8)
        _ = line.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        close(socket)
    }

    private func ended(_ id: Int) {
        live.removeValue(forKey: id)
        // The descriptor just freed is one a client waiting on either socket can have.
        DescriptorsFreed.process.freed()
        resumeAccepting()
        resumeIfAllEnded()
    }

    private func resumeIfAllEnded() {
        guard stopping, live.isEmpty, let continuation = whenAllEnded else { return }
        whenAllEnded = nil
        continuation.resume()
    }
}
