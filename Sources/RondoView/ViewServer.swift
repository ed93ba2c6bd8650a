import Foundation
public import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The head-unit view: a page and its live state over HTTP on a loopback address.
///
/// Every request needs the per-start token and a `Host` (and `Origin`, when sent) naming the
/// view itself (``ViewAccess``). `POST /rpc` runs one JSON-RPC request through the daemon's
/// router; `GET /events` streams the event hub's notifications as Server-Sent Events;
/// `GET /artwork/NAME` serves a file of the artwork cache and nothing else; `GET /` the page.
public final class ViewServer: Sendable {
    private let address: ViewAddress
    private let token: String
    private let backend: any ViewBackend
    private let logger: Logger
    /// Connection numbers of the view count up from 2⁴⁰, apart from the socket's (which count
    /// up from 1) and from the daemon's own owner number (-1).
    private let nextConnection = Atomic<Int>(1 << 40)
    private let boundPort = Atomic<Int>(0)

    /// Creates the server; nothing is bound until ``run(onBound:)``.
    public init(address: ViewAddress, token: String, backend: any ViewBackend, logger: Logger) {
        self.address = address
        self.token = token
        self.backend = backend
        self.logger = logger
    }

    /// Binds and serves until the task is cancelled.
    /// - Parameter onBound: called with the port bound (the one asked for, or the system's
    ///   choice for port 0).
    /// - Throws: the error of binding (the port is taken, the host unknown).
    public func run(onBound: @Sendable (Int) -> Void) async throws {
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [self] channel in
                channel.pipeline.configureHTTPServerPipeline(withErrorHandling: true).flatMapThrowing {
                    try channel.pipeline.syncOperations.addHandler(ViewHTTPHandler(server: self))
                }
            }
        let channel = try await bootstrap.bind(host: address.host == "localhost" ? "127.0.0.1" : address.host, port: address.port).get()
        let port = channel.localAddress?.port ?? address.port
        boundPort.store(port, ordering: .releasing)
        onBound(port)
        await withTaskCancellationHandler {
            try? await channel.closeFuture.get()
        } onCancel: {
            channel.close(promise: nil)
        }
    }

    // MARK: Serving (called by the handler)

    /// The verdict on a request's token and headers.
    func access(query: String, headers: HTTPHeaders) -> ViewAccess.Verdict {
        ViewAccess(token: token, port: boundPort.load(ordering: .acquiring))
            .check(query: query, headers: headers.map { (name: $0.name.lowercased(), value: $0.value) })
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

    func log(_ message: @autoclosure () -> String) { logger.debug("view: \(message())") }
}
