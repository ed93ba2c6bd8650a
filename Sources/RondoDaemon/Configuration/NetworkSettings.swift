/// How rondod fetches streams over the network (`[network]` in rondo.toml, SPEC §10).
public struct NetworkSettings: Sendable, Equatable {
    /// Seconds a connection may take to open, and a stream may go without a byte, before
    /// it counts as dropped (`timeout_s`).
    public var timeout = 10.0
    /// Seconds of sound read ahead of what is heard (`buffer_s`).
    public var bufferSeconds = 2.0
    /// What rondod calls itself to web servers (`user_agent`).
    public var userAgent = "rondod/\(Daemon.version)"

    /// The timeouts the configuration accepts, in seconds.
    public static let timeoutRange = 1.0...300.0
    /// The read-ahead the configuration accepts, in seconds.
    public static let bufferRange = 0.5...60.0

    /// Settings with the defaults.
    public init() {}

    /// Whether `name` can go in a `User-Agent` header: printable ASCII, 1 to 200 characters.
    static func isUserAgent(_ name: String) -> Bool {
        (1...200).contains(name.utf8.count) && name.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
