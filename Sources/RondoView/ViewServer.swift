import Foundation
import Glibc
import LineServing
public import Logging
import Synchronization

/// The head-unit view: a page and its live state over HTTP on a loopback address.
///
/// Every request needs the per-start token and a `Host` (and `Origin`, when sent) naming the
/// view itself (``ViewAccess``). `POST /rpc` runs one JSON-RPC request through the daemon's
/// router; `GET /events` streams the event hub's notifications as Server-Sent Events;
/// `GET /artwork/NAME` serves a file of the artwork cache and nothing else; `GET /` the page.
///
/// Ownership: one loop thread of its own (`rondod-view`, a ``RequestLoop`` of the socket
/// servers' kit) owns the listening socket and every connection (``ViewConnection``); a
/// JSON-RPC request and an event stream's events run on tasks.
public final class ViewServer: Sendable {
    /// How many browser connections are served at once; one more is answered 503.
    static let maxClients = 64
    /// How many connections may wait in the kernel's queue to be accepted.
    static let backlog: Int32 = 64

    /// How long a client is given to send its whole request, by default.
    public static let defaultRequestDeadline: Duration = .seconds(30)

    private let address: ViewAddress
    private let token: String
    let requestDeadline: Duration
    private let backend: any ViewBackend
    private let logger: Logger
    /// Connection numbers of the view count up from 2⁴⁰, apart from the socket's (which count
    /// up from 1) and from the daemon's own owner number (-1).
    private let nextConnection = Atomic<Int>(1 << 40)
    private let boundPort = Atomic<Int>(0)

    /// Creates the server; nothing is bound until ``run(onBound:)``.
    /// - Parameter requestDeadline: how long a client is given to send its whole request
    ///   before it is answered 408 and closed.
    public init(
        address: ViewAddress, token: String, backend: any ViewBackend, logger: Logger,
        requestDeadline: Duration = defaultRequestDeadline
    ) {
        self.address = address
        self.token = token
        self.requestDeadline = requestDeadline
        self.backend = backend
        self.logger = logger
    }

    /// Binds and serves until the task is cancelled.
    /// - Parameter onBound: called with the port bound (the one asked for, or the system's
    ///   choice for port 0).
    /// - Throws: ``SocketServerError`` when the address cannot be listened on (the port is
    ///   taken, the host unknown).
    public func run(onBound: @Sendable (Int) -> Void) async throws {
        let host = address.host == "localhost" ? "127.0.0.1" : address.host
        let listener = try ListenerSocket.tcp(host: host, port: address.port, backlog: Self.backlog)
        defer { close(listener) }
        let port = ListenerSocket.port(of: listener) ?? address.port
        boundPort.store(port, ordering: .releasing)
        let loop = try RequestLoop(threadName: "rondod-view")
        let acceptor = LineAcceptor(loop: loop, service: ViewService(loop: loop, server: self), maxClients: Self.maxClients, logger: logger)
        loop.start()
        loop.execute { acceptor.listen(on: LineListener(descriptor: listener, isLocal: false)) }
        onBound(port)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in loop.execute { acceptor.whenStopped(continuation) } }
        } onCancel: {
            loop.execute { acceptor.stop() }
        }
        loop.stop()
    }

    // MARK: Serving (called by the connections)

    /// The verdict on a request's token and headers.
    func access(query: String, headers: [ViewHeader]) -> ViewAccess.Verdict {
        ViewAccess(token: token, port: boundPort.load(ordering: .acquiring))
            .check(query: query, headers: headers)
    }

    /// A new connection number for the daemon's router and hub.
    func makeConnection() -> Int { nextConnection.add(1, ordering: .relaxed).oldValue }

    /// Runs one JSON-RPC request.
    func rpc(_ body: [UInt8]) async -> [UInt8]? {
        let connection = makeConnection()
        defer { backend.close(connection: connection) }
        return await backend.handle(request: body, connection: connection)
    }

    /// Starts an event stream for `topics`; the returned connection must be closed.
    func events(_ topics: [String]) -> (connection: Int, lines: AsyncStream<[UInt8]>) {
        let connection = makeConnection()
        return (connection, backend.subscribe(connection: connection, topics: topics))
    }

    /// Ends an event stream.
    func closeEvents(_ connection: Int) { backend.close(connection: connection) }

    /// The bytes of an artwork file, or `nil` when there is none by that name.
    func artwork(named name: String) -> (bytes: [UInt8], type: String)? {
        let path = backend.artworkDirectory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let type =
            switch (name as NSString).pathExtension.lowercased() {
            case "png": "image/png"
            case "jpg", "jpeg": "image/jpeg"
            case "gif": "image/gif"
            case "webp": "image/webp"
            default: "application/octet-stream"
            }
        return ([UInt8](data), type)
    }
}

/// The view's door: an admitted browser connection is served by a ``ViewConnection``; one
/// over the view's most is answered 503.
///
/// Ownership: called only on the view loop's thread, by its ``LineAcceptor``.
final class ViewService: LineService, @unchecked Sendable {
    let clientName = "view"
    private let loop: RequestLoop
    private let server: ViewServer

    init(loop: RequestLoop, server: ViewServer) {
        self.loop = loop
        self.server = server
    }

    func refusal(_ reason: LineRefusal) -> [UInt8] {
        let text = "the view serves at most \(ViewServer.maxClients) connections at once\n"
        let head = ViewConnection.responseHead(
            .serviceUnavailable, headers: [("content-type", "text/plain"), ("content-length", String(text.utf8.count)), ("connection", "close")])
        return head + Array(text.utf8)
    }

    func serve(id: Int, socket: Int32, peer: PeerCredentials?, listener: LineListener, ended: @escaping () -> Void)
        -> any LineConnection
    {
        ViewConnection(socket: socket, loop: loop, server: server, ended: ended)
    }

    func connectionEnded(_ id: Int) {}
}
