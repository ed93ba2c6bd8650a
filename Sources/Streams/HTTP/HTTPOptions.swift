/// How an ``HTTPByteSource`` talks to a server: its patience, its buffer, its name.
public struct HTTPOptions: Sendable, Equatable {
    /// Seconds to wait for a connection, and the longest a transfer may go without a byte
    /// (or below 1 KiB/s) before it counts as dropped (`[network] timeout_s`).
    public var timeout: Double
    /// The most bytes read ahead of the reader; the transfer pauses when they are there.
    public var bufferBytes: Int
    /// The `User-Agent` sent with every request.
    public var userAgent: String
    /// Seconds within which a dropped connection is restored before reads fail
    /// (`resume_within_s`).
    public var resumeWithin: Double
    /// The most redirects followed to reach the bytes.
    public var maxRedirects: Int

    /// The bit rate the read-ahead is measured in: 320 kbit/s, the most MP3 carries.
    public static let bufferBytesPerSecond = 40_000
    /// The least read-ahead, whatever the seconds asked for.
    public static let minimumBufferBytes = 65_536
    /// The most read-ahead, whatever the seconds asked for.
    public static let maximumBufferBytes = 4 << 20

    /// Options with the daemon's defaults unless given.
    /// - Parameters:
    ///   - timeout: connect and stall timeout in seconds (10).
    ///   - bufferSeconds: the read-ahead in seconds of 320 kbit/s audio (2, `[network] buffer_s`),
    ///     at least 64 KiB and at most 4 MiB.
    ///   - userAgent: the `User-Agent` header, `rondod/<version>`.
    ///   - resumeWithin: seconds to restore a dropped connection in (30).
    ///   - maxRedirects: redirects followed at most (5).
    public init(
        timeout: Double = 10, bufferSeconds: Double = 2, userAgent: String = "rondod", resumeWithin: Double = 30,
        maxRedirects: Int = 5
    ) {
        self.timeout = timeout
        self.bufferBytes = Self.bufferBytes(seconds: bufferSeconds)
        self.userAgent = userAgent
        self.resumeWithin = resumeWithin
        self.maxRedirects = maxRedirects
    }

    /// The read-ahead for `seconds` of audio at 320 kbit/s, within 64 KiB and 4 MiB.
    public static func bufferBytes(seconds: Double) -> Int {
        let wanted = seconds.isFinite ? seconds * Double(bufferBytesPerSecond) : 0
        return Int(min(Double(maximumBufferBytes), max(Double(minimumBufferBytes), wanted)))
    }
}
