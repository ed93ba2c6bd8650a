/// What a method handler knows about the connection a request came on.
struct ConnectionContext: Sendable {
    /// The connection's number, unique for the daemon's life.
    let id: Int
}
