import Audio
import CCurl
import Foundation
import TextEncodings

/// The transfer behind one ``HTTPByteSource``: a libcurl multi handle driven by a thread
/// of its own (`rondo-http`), writing the body into a bounded ``ByteRing`` the reader
/// takes it from.
///
/// Why a multi handle: a paused transfer may be resumed only on the thread that runs it
/// (`curl_easy_pause` is not thread-safe), and `curl_multi_poll` is a wait the reader can
/// cut short from its own thread (`curl_multi_wakeup`); so the reader asks, the transfer
/// thread wakes within microseconds and resumes, seeks or stops. `curl_easy_perform`
/// would leave the thread unreachable until its next progress callback, up to a second.
///
/// Ownership: everything the reader and the transfer thread share (the ring, the phase,
/// the facts, the metadata queue, the requests) is guarded by `condition`; the transfer's
/// own state (`current`, `window`, the handles' options) is the transfer thread's alone.
/// The thread holds the connection until it ends, so the callbacks' unretained pointer
/// to it stays valid; ``close()`` stops it and waits for it.
final class HTTPConnection: @unchecked Sendable {
    /// How the connection stands, for the reader.
    enum Phase {
        /// Bytes come, or will after a (re)connection.
        case streaming
        /// The body was delivered whole.
        case ended
        /// The bytes cannot come: the reader is told this once the buffer is read.
        case failed(AudioError)
        /// Closed by its owner.
        case closed
    }

    /// What the first response said of the resource.
    struct Facts {
        /// The address after redirects.
        var finalURL: String
        /// The media type, lowercased, without parameters.
        var contentType: String?
        /// `icy-name` (else `ice-name`, else `x-audiocast-name`).
        var stationName: String?
        /// The resource's length, `nil` when unknown.
        var length: Int64?
        /// No length, or `icy-*` headers.
        var isLive: Bool
        /// `icy-*` headers: a station, whose stream a clean close does not end.
        var isStation: Bool
        /// Not live, and byte ranges are served.
        var isSeekable: Bool
    }

    /// The fewest bytes kept behind the reader, so it can look at a stream's start and go back.
    static let history = 65_536
    /// The most metadata changes queued ahead of the reader; past it the newest replaces the last.
    static let metadataLimit = 64

    /// The address asked for, as given (its fragment included).
    let url: String
    /// The encoding the address's `#charset=` names for the station's metadata and headers.
    let charset: TextEncoding?
    /// How to talk to the server.
    let options: HTTPOptions
    /// Where addresses moved, asked when a dropped transfer is tried again.
    let moves: AddressMoves?
    /// Guards the shared state below; signalled on every change a reader may wait for.
    let condition = NSCondition()
    let multi: UnsafeMutableRawPointer
    let easy: UnsafeMutableRawPointer
    let errorBuffer: UnsafeMutablePointer<CChar>
    private let requestHeaders: UnsafeMutablePointer<curl_slist>?

    // Shared, guarded by `condition`.
    let ring: ByteRing
    var phase = Phase.streaming
    var facts: Facts?
    var metadata: [(offset: Int64, fields: [String: String])] = []
    var lastFields: [String: String]?
    var pausedForRoom = false
    var resumeRequested = false
    var stopRequested = false
    var seekTarget: Int64?
    var threadFinished = false
    var resumes = 0
    var rejoins = 0

    // The transfer thread's.
    var current = HTTPTransferState(kind: .first, now: .now)
    var active = false
    var window: ResumeWindow?
    var nextAttempt: ContinuousClock.Instant?
    /// The address requests go to, without its fragment: the one asked for, until a drop
    /// finds it moved (``AddressMoves``).
    var requestURL: String

    /// Prepares a transfer of `url` (without its fragment, which may name the metadata's
    /// encoding: ``StreamAddress``); nothing is sent before ``startThread()``.
    /// - Throws: ``AudioError/unreachable(_:reason:)`` when libcurl cannot be set up or the
    ///   fragment names an encoding this system does not read.
    init(url: String, options: HTTPOptions, moves: AddressMoves? = nil) throws(AudioError) {
        let address: StreamAddress
        do {
            address = try StreamAddress(url)
        } catch {
            throw .unreachable(url, reason: error.description)
        }
        if let unavailable = Curl.unavailable { throw .unreachable(url, reason: unavailable) }
        guard let multi = curl_multi_init() else { throw .unreachable(url, reason: "libcurl could not make a transfer") }
        guard let easy = curl_easy_init() else {
            curl_multi_cleanup(multi)
            throw .unreachable(url, reason: "libcurl could not make a transfer")
        }
        self.url = url
        charset = address.charset
        self.options = options
        self.moves = moves
        requestURL = address.requestURL
        self.multi = multi
        self.easy = easy
        errorBuffer = .allocate(capacity: rondo_curl_error_size())
        errorBuffer.initialize(repeating: 0, count: rondo_curl_error_size())
        requestHeaders = curl_slist_append(nil, "Icy-MetaData: 1")
        ring = ByteRing(limit: options.bufferBytes, history: Self.history)
        configure(requestURL: address.requestURL)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_multi_cleanup(multi)
        curl_slist_free_all(requestHeaders)
        errorBuffer.deallocate()
    }

    /// Sets the options every request of this connection shares.
    private func configure(requestURL: String) {
        // A trickle below 1 KiB/s for the timeout is a drop (a paused transfer is not
        // measured). Ranges count the resource's own bytes, and audio does not compress.
        Curl.configure(
            easy, url: requestURL, options: options, lowSpeedLimit: 1024, acceptEncoding: "identity", headers: requestHeaders,
            errorBuffer: errorBuffer, body: httpBodyCallback, header: httpHeaderCallback,
            context: Unmanaged.passUnretained(self).toOpaque())
        rondo_curl_set_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
    }

    /// Starts the transfer thread, which sends the first request.
    func startThread() {
        let thread = Thread { [self] in run() }
        thread.name = "rondo-http"
        thread.start()
    }

    /// Waits until the body has started, has ended, or the connection failed.
    /// - Returns: the first response's facts.
    /// - Throws: the failure.
    func waitForBody() throws(AudioError) -> Facts {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch phase {
            case .failed(let error): throw error
            case .closed: throw .unreachable(url, reason: "closed while connecting")
            case .ended: if let facts { return facts }
            case .streaming: if let facts, ring.unread > 0 { return facts }
            }
            condition.wait()
        }
    }

    /// Stops the transfer thread and waits for it to end; the next reads find the end of
    /// what was buffered (or the failure that came first).
    func close() {
        condition.withLock { stopRequested = true }
        curl_multi_wakeup(multi)
        condition.withLock {
            while !threadFinished { condition.wait() }
        }
    }
}
