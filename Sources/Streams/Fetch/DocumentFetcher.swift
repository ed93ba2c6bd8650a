import CCurl

/// One GET of a document (a podcast feed, a chapters file) with libcurl, as a well-behaved
/// feed reader makes it: conditional on what the last answer said (`If-None-Match`,
/// `If-Modified-Since`), compressed answers accepted (gzip, deflate), redirects followed (at
/// most ``HTTPOptions/maxRedirects``) with a chain of permanent ones reported so the caller
/// can keep the new address, and the body handed on in pieces as it arrives, never held
/// whole, up to a cap.
///
/// Blocking for the length of the transfer: call it from a thread of its own, never from an
/// event loop or an actor that serves requests.
public enum DocumentFetcher {
    /// What a server said about the version it sent, to ask next time whether it changed.
    public struct Validators: Equatable, Sendable {
        public var etag: String?
        public var lastModified: String?

        /// Creates validators.
        public init(etag: String? = nil, lastModified: String? = nil) {
            self.etag = etag
            self.lastModified = lastModified
        }

        /// What to send as `If-Range` to go on with a copy of this version: its ETag when
        /// strong (a weak one may not be used for ranges), else its Last-Modified date;
        /// `nil` when the server gave neither.
        public var ifRange: String? {
            if let etag, !etag.hasPrefix("W/") { return etag }
            return lastModified
        }
    }

    /// How a fetch ended.
    public enum Outcome: Equatable, Sendable {
        /// `304 Not Modified`: nothing was sent; what was kept is current.
        case notModified
        /// A body was sent (and handed to the caller).
        case fetched(Fetched)
    }

    /// What the server answered, told before the first piece of its body.
    public struct Answer: Equatable, Sendable {
        /// Where in the document the body starts: the offset asked for when the server
        /// answered the range (206), else 0 (the whole document comes).
        public var startsAt: Int
        /// The validators of the version being sent, to keep with a partial copy and send
        /// as `If-Range` when going on with it.
        public var validators: Validators
        /// The `charset` parameter of its `Content-Type` as written (unquoted), which names
        /// the encoding of a text document such as a feed; `nil` when it gave none.
        public var charset: String?
    }

    /// What came with a body.
    public struct Fetched: Equatable, Sendable {
        /// The validators to send next time.
        public var validators: Validators
        /// The address to use from now on, when every redirect on the way was permanent
        /// (301, 308); `nil` when there was none, or a temporary one.
        public var movedTo: String?
        /// The body's bytes as they came off the wire (before decompression).
        public var bytesOnTheWire: Int
        /// Where in the document the body starts: the offset asked for when the server
        /// answered the range (206), else 0 (the whole document came).
        public var startsAt: Int
    }

    /// Fetches `url`.
    /// - Parameters:
    ///   - validators: what the last answer said, for a conditional request.
    ///   - options: timeouts, redirects and the user agent.
    ///   - maximumBytes: the most body bytes (decompressed) taken before the transfer is
    ///     refused.
    ///   - offset: where to start, for the rest of a partial download (`Range: bytes=N-`);
    ///     ``Fetched/startsAt`` says whether the server did. A partial answer that starts
    ///     anywhere else is refused (``FetchError/rangeNotKept(asked:sent:)``).
    ///   - ifRange: the validator (an ETag, else a Last-Modified date) of the version the
    ///     partial copy holds, sent as `If-Range` with the range so that a changed document
    ///     comes whole rather than spliced onto the old one's beginning.
    ///   - compressed: whether a compressed answer is welcome (a feed), or the bytes must
    ///     come as they are (a file kept by ranges).
    ///   - answered: told, before the first piece of a successful body, where in the
    ///     document it starts, the version's validators (so a partial copy can be dropped
    ///     when the whole document comes again) and the charset its server names. An error's body is never handed on.
    ///   - body: takes each piece of the (decompressed) body in order; throwing stops the
    ///     transfer with that error.
    /// - Throws: ``FetchError``.
    public static func fetch(
        _ url: String, validators: Validators? = nil, options: HTTPOptions = HTTPOptions(), maximumBytes: Int,
        from offset: Int = 0, ifRange: String? = nil, compressed: Bool = true, answered: (Answer) throws -> Void = { _ in },
        body: (UnsafeRawBufferPointer) throws -> Void
    ) throws(FetchError) -> Outcome {
        if let unavailable = Curl.unavailable { throw .network(unavailable) }
        guard let easy = curl_easy_init() else { throw .network("libcurl could not make a transfer") }
        defer { curl_easy_cleanup(easy) }
        return try withoutActuallyEscaping(body) { body throws(FetchError) in
            try withoutActuallyEscaping(answered) { answered throws(FetchError) in
                let transfer = FetchTransfer(body: body, answered: answered, from: offset, maximumBytes: maximumBytes)
                return try transfer.run(easy, url: url, validators: validators, options: options, ifRange: ifRange, compressed: compressed)
            }
        }
    }
}

/// Why a document could not be fetched.
public enum FetchError: Error, Equatable, Sendable {
    /// The server answered with an error status (4xx, 5xx).
    case status(Int)
    /// No answer: the name, the connection, TLS, a timeout, too many redirects.
    case network(String)
    /// The body passed the cap.
    case tooLarge(limit: Int)
    /// The caller's handler refused the body.
    case refused(String)
    /// A partial answer (206) did not start at the offset asked for (`sent` is where it
    /// did, `nil` when it did not say).
    case rangeNotKept(asked: Int, sent: Int?)
}

extension FetchError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .status(let code): "the server answered HTTP \(code)"
        case .network(let reason): reason
        case .tooLarge(let limit): "it is larger than \(limit / (1 << 20)) MiB"
        case .refused(let reason): reason
        case .rangeNotKept(let asked, let sent): "the server sent bytes from \(sent.map(String.init) ?? "an unnamed offset"), not from \(asked)"
        }
    }
}
