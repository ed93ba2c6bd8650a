import CLinux
import Glibc
public import Logging

/// One listening socket of a line server.
public struct LineListener: Sendable {
    /// The listening socket, non-blocking.
    public let descriptor: Int32
    /// Whether it is a Unix socket, whose clients must be the daemon's own user (checked
    /// by their peer credentials); a TCP socket's clients are not checked here.
    public let isLocal: Bool

    /// A listener on `descriptor`.
    public init(descriptor: Int32, isLocal: Bool) {
        self.descriptor = descriptor
        self.isLocal = isLocal
    }
}

/// Why a line server turned a client away at the door.
public enum LineRefusal: Sendable, Equatable {
    /// The server already serves its most clients.
    case full(maxClients: Int)
    /// A client of a Unix socket runs as another user.
    case otherUser(uid: UInt32)
}

/// A client a line server serves, on the server's loop.
public protocol LineConnection: AnyObject {
    /// Starts serving: greets the client if its protocol does, and reads.
    func start()
    /// Closes the connection now (the server stops); it ends once its running request is
    /// answered.
    func closeNow()
}

/// The protocol a ``LineAcceptor`` admits clients to: how it refuses one and how it serves one.
public protocol LineService: AnyObject {
    /// How the log names its clients: `client`, `MPD`.
    var clientName: String { get }
    /// The bytes a refused client is sent before it is closed.
    func refusal(_ reason: LineRefusal) -> [UInt8]
    /// Serves the client admitted as connection `id` on `socket` (non-blocking), which came
    /// through `listener` from the process `peer` names (when its credentials could be
    /// read); `ended` must be called once, on the loop, when the connection has closed.
    func serve(id: Int, socket: Int32, peer: PeerCredentials?, listener: LineListener, ended: @escaping () -> Void)
        -> any LineConnection
    /// Connection `id` has closed.
    func connectionEnded(_ id: Int)
}

/// Accepts the clients of one line server's listening sockets on its ``RequestLoop``: admits
/// up to `maxClients` at once, and over a Unix socket only the daemon's own user; keeps the
/// connections being served, and closes them all when the server stops.
///
/// A client over the cap or of another user is sent the service's refusal line and closed.
/// When the process runs out of descriptors, accepting pauses on every listener
/// (``DescriptorShortage``: their level-triggered readiness would otherwise wake the loop
/// again at once, a spin) and the clients wait in the sockets' queues until a connection of
/// any of the daemon's servers ends, or a moment has passed.
///
/// Ownership: every property is touched only on the loop's thread.
public final class LineAcceptor: @unchecked Sendable {
    /// One listening socket the loop watches.
    private final class Watched: LoopWatched {
        let listener: LineListener
        unowned let acceptor: LineAcceptor

        init(_ listener: LineListener, acceptor: LineAcceptor) {
            self.listener = listener
            self.acceptor = acceptor
        }

        func ready(_ events: UInt32) { acceptor.accept(from: listener) }
    }

    /// How many clients are taken from a listener's queue before the loop serves the others:
    /// a burst of clients is taken a batch at a time, between the requests of the rest.
    static let batch = 64

    private let loop: RequestLoop
    private let service: any LineService
    private let maxClients: Int
    private let logger: Logger
    private var listeners: [Watched] = []
    private var live: [Int: any LineConnection] = [:]
    private var nextConnection = 1
    /// Whether the loop watches the listeners (not while out of descriptors, nor once stopping).
    private var watching = false
    private var stopping = false
    private var shortage = DescriptorShortage()
    private var whenAllEnded: CheckedContinuation<Void, Never>?

    /// An acceptor for `service` on `loop`, serving at most `maxClients` at once.
    public init(loop: RequestLoop, service: any LineService, maxClients: Int, logger: Logger) {
        self.loop = loop
        self.service = service
        self.maxClients = maxClients
        self.logger = logger
    }

    /// Accepts on `listener` too. Loop only.
    public func listen(on listener: LineListener) {
        guard !stopping else { return }
        let watched = Watched(listener, acceptor: self)
        listeners.append(watched)
        guard !shortage.isPaused else { return }
        watching = true
        watch(watched)
    }

    /// Stops accepting and closes every connection; each ends once its running request is
    /// answered. Loop only.
    public func stop() {
        stopping = true
        pauseAccepting()
        for connection in Array(live.values) { connection.closeNow() }
        resumeIfAllEnded()
    }

    /// Resumes `continuation` once ``stop()`` has run and every connection has ended. Loop only.
    public func whenStopped(_ continuation: CheckedContinuation<Void, Never>) {
        whenAllEnded = continuation
        resumeIfAllEnded()
    }

    private func accept(from listener: LineListener) {
        for _ in 0..<Self.batch {
            let socket = accept4(listener.descriptor, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            guard socket >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case let code where DescriptorShortage.isShortage(code): outOfDescriptors()
                default: break
                }
                return
            }
            shortage.accepted(socketName: service.clientName, logger: logger)
            admit(socket, from: listener)
        }
    }

    private func admit(_ socket: Int32, from listener: LineListener) {
        let id = nextConnection
        nextConnection += 1
        guard !stopping, live.count < maxClients else {
            logger.warning("refused \(service.clientName) connection \(id): \(maxClients) clients are connected (max_clients)")
            refuse(socket, .full(maxClients: maxClients))
            return
        }
        let peer = PeerCredentials(of: socket)
        if listener.isLocal, let peer, peer.uid != getuid() {
            logger.warning("refused \(service.clientName) connection \(id) from uid \(peer.uid): only uid \(getuid()) may connect")
            refuse(socket, .otherUser(uid: peer.uid))
            return
        }
        let connection = service.serve(id: id, socket: socket, peer: peer, listener: listener) { [self] in ended(id) }
        live[id] = connection
        connection.start()
    }

    /// Sends a client that will not be served its refusal, and closes it.
    ///
    /// What the client has sent already (its first request, often) is read and dropped
    /// first, up to 64 KiB: a socket closed with input unread resets the connection, and the
    /// client could lose the refusal with it.
    private func refuse(_ socket: Int32, _ reason: LineRefusal) {
        let bytes = service.refusal(reason)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        shutdown(socket, Int32(SHUT_WR))
        loop.withReadBuffer { buffer in
            var dropped = 0
            while dropped < Self.refusedInputRead {
                let count = recv(socket, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
                guard count > 0 else { break }
                dropped += count
            }
        }
        close(socket)
    }

    /// The most a refused client's input is read before its socket is closed.
    static let refusedInputRead = 64 * 1024

    private func ended(_ id: Int) {
        live.removeValue(forKey: id)
        service.connectionEnded(id)
        // The descriptor just freed is one a client waiting on any of the daemon's sockets can have.
        DescriptorsFreed.process.freed()
        resumeAccepting()
        resumeIfAllEnded()
    }

    private func outOfDescriptors() {
        guard !shortage.isPaused else { return }
        pauseAccepting()
        shortage.began(by: self, on: loop, socketName: service.clientName, logger: logger) { [self] in resumeAccepting() }
    }

    /// Watches the listeners again after a shortage: the loop reports the clients waiting,
    /// and an accept still out of descriptors pauses them again.
    private func resumeAccepting() {
        guard !stopping, shortage.resumes(), !watching else { return }
        watching = true
        for listener in listeners { watch(listener) }
    }

    private func pauseAccepting() {
        guard watching else { return }
        watching = false
        for listener in listeners { loop.forget(listener.listener.descriptor) }
    }

    private func resumeIfAllEnded() {
        guard stopping, live.isEmpty, let continuation = whenAllEnded else { return }
        whenAllEnded = nil
        continuation.resume()
    }

    private func watch(_ watched: Watched) {
        loop.watch(watched.listener.descriptor, events: EPOLLIN.rawValue, for: watched)
    }
}
