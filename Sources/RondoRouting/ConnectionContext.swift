/// What a method handler knows about the connection a request came on.
public struct ConnectionContext: Sendable {
    /// The connection's number, unique for the daemon's life.
    public let id: Int
    /// Whether the client has gone away (hung up and exited) while its request runs; a
    /// long request (a prompt) stops then, as the client's sessions end with it.
    public let isGone: @Sendable () -> Bool

    /// A context for connection `id`, gone when `isGone` says so.
    public init(id: Int, isGone: @escaping @Sendable () -> Bool) {
        self.id = id
        self.isGone = isGone
    }
}
