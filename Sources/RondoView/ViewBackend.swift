/// What the view needs of the daemon: the socket's method table and event hub, reached by
/// the same code paths, so the browser has no second API.
public protocol ViewBackend: Sendable {
    /// Answers one JSON-RPC request line as the socket would, for a connection that lives
    /// only as long as this request; `nil` for a notification.
    func handle(request: [UInt8], connection: Int) async -> [UInt8]?
    /// Starts delivering the events of `topics` (SPEC §2 names) to `connection`, each an
    /// NDJSON notification line.
    func subscribe(connection: Int, topics: [String]) -> AsyncStream<[UInt8]>
    /// Ends a connection: its subscription and anything it owned.
    func close(connection: Int)
    /// The artwork cache, the only directory files are served from.
    var artworkDirectory: String { get }
}
