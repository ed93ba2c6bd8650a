/// What a method handler knows about the connection a request came on.
struct ConnectionContext: Sendable {
    /// The connection's number, unique for the daemon's life.
    let id: Int
    /// Whether the client has gone away (hung up and exited) while its request runs; a
    /// long request (a prompt) stops then, as the client's sessions end with it.
    let isGone: @Sendable () -> Bool
}
