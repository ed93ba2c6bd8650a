import LineServing

/// Where a snapserver's TCP stream source listens (`[snapcast] source`, `HOST:PORT`):
/// rondod connects there and writes 48000:16:2 PCM, which snapserver's
/// `source = tcp://HOST:PORT?name=Rondo` plays in every room.
public struct SnapcastSource: Sendable, Equatable, CustomStringConvertible {
    /// Snapserver's own default for a TCP source.
    public static let standard = SnapcastSource(host: "127.0.0.1", port: 4953)

    /// The buffers snapserver.conf's `buffer` may be said to hold, in milliseconds.
    public static let bufferRange = 0...10_000

    /// A host name or address (`[::1]` for an IPv6 one).
    public var host: String
    public var port: Int
    /// How long snapserver holds what it reads before the rooms play it (snapserver.conf's
    /// `buffer`, `[snapcast] buffer_ms`; snapserver's own default 1000): now playing counts
    /// it, so the elapsed time is where the rooms are.
    public var bufferMilliseconds = 1000

    /// A source at `host`:`port`.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT`; `nil` for anything else.
    public init?(_ text: String) {
        guard let (host, number) = HostAndPort.split(text), (1...65535).contains(number), host.count <= 253,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) })
        else { return nil }
        self.init(host: host, port: number)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
