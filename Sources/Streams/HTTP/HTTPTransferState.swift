/// One request of an ``HTTPConnection`` and what its response has said so far: the
/// transfer thread's alone (its callbacks run on it).
struct HTTPTransferState {
    /// What a request asks for.
    enum Kind: Equatable {
        /// The first request, with `Range: bytes=0-` to learn whether ranges are served.
        case first
        /// The bytes from an offset (a seek, or a resumed file), checked to start there.
        case range(Int64)
        /// A live stream joined again where it is now.
        case rejoin
    }

    /// The most header bytes a response (redirects included) may send.
    static let headerLimit = 65_536

    /// What this request asks for.
    let kind: Kind
    /// The response's status and headers, as they come.
    var head = HTTPResponseHead()
    /// How many header bytes came, redirects included.
    var headerBytes = 0
    /// Whether the final response's head was accepted, so its body is the stream's.
    var accepted = false
    /// Why this transfer was aborted from a callback, when it was.
    var verdict: CurlFailure?
    /// The ICY demuxer, when the response said `icy-metaint`.
    var demuxer: ICYDemuxer?
    /// When the last byte (header or body) came, or the request started.
    var lastDataAt: ContinuousClock.Instant
    /// The body bytes this request delivered.
    var delivered = 0
    /// For a live stream joined again: where its audio picks up (``RejoinSplice``).
    var splice: RejoinSplice?

    /// A request of `kind` starting at `now`.
    init(kind: Kind, now: ContinuousClock.Instant) {
        self.kind = kind
        lastDataAt = now
    }
}
