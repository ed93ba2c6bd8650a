import CCurl

/// One fetch's state between libcurl's callbacks: the caller's handler, the bytes taken,
/// every response's status on the way and the last response's validators and range.
///
/// Only a successful final response's body reaches the caller: the body of an error (a 404
/// page, a 503 from a proxy) stops the transfer at its first byte, so it can never be taken
/// for the document or written into a partial download.
final class FetchTransfer {
    private let body: (UnsafeRawBufferPointer) throws -> Void
    /// Told where the body starts in the document, and the final response's validators,
    /// before its body.
    private let answered: (DocumentFetcher.Answer) throws -> Void
    /// The offset asked for (`Range: bytes=N-`), 0 for the whole document.
    private let offset: Int
    /// Whether ``answered`` was told.
    private var told = false
    private let maximumBytes: Int
    private var taken = 0
    /// Why the transfer was stopped from a callback.
    private var stopped: FetchError?
    /// The status of each response, redirects first.
    private var statuses: [Int] = []
    private var head = HTTPResponseHead()
    private var validators = DocumentFetcher.Validators()
    /// Where the final response's `Content-Range` says its body starts.
    private var rangeStart: Int?
    /// The `charset` parameter of the final response's `Content-Type`.
    private var charset: String?

    init(
        body: @escaping (UnsafeRawBufferPointer) throws -> Void, answered: @escaping (DocumentFetcher.Answer) throws -> Void,
        from offset: Int, maximumBytes: Int
    ) {
        self.body = body
        self.answered = answered
        self.offset = offset
        self.maximumBytes = maximumBytes
    }

    /// Runs the transfer on `easy` and says how it ended.
    func run(
        _ easy: UnsafeMutableRawPointer, url: String, validators known: DocumentFetcher.Validators?, options: HTTPOptions,
        ifRange: String?, compressed: Bool
    ) throws(FetchError) -> DocumentFetcher.Outcome {
        var headers: UnsafeMutablePointer<curl_slist>?
        if offset > 0 {
            headers = curl_slist_append(headers, "Range: bytes=\(offset)-")
            if let ifRange { headers = curl_slist_append(headers, "If-Range: \(ifRange)") }
        }
        if let etag = known?.etag { headers = curl_slist_append(headers, "If-None-Match: \(etag)") }
        if let date = known?.lastModified { headers = curl_slist_append(headers, "If-Modified-Since: \(date)") }
        defer { curl_slist_free_all(headers) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: rondo_curl_error_size())
        errorBuffer.initialize(repeating: 0, count: rondo_curl_error_size())
        defer { errorBuffer.deallocate() }
        // Every encoding this libcurl decodes (gzip and deflate at least) unless the bytes
        // must come as they are; a stall, not a slow server, is a failure.
        Curl.configure(
            easy, url: url, options: options, lowSpeedLimit: 1, acceptEncoding: compressed ? "" : "identity", headers: headers,
            errorBuffer: errorBuffer, body: fetchBodyCallback, header: fetchHeaderCallback,
            context: Unmanaged.passUnretained(self).toOpaque())
        let result = withExtendedLifetime(self) { curl_easy_perform(easy) }
        if let stopped { throw stopped }
        guard result == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            if result == CURLE_WEIRD_SERVER_REPLY || (result == CURLE_UNSUPPORTED_PROTOCOL && detail.contains("HTTP/0.9")) {
                throw .network(CurlFailure(code: result, osError: 0, detail: detail).reason)
            }
            throw .network(detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail)
        }
        var status = 0
        rondo_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        if status == 304 { return .notModified }
        guard (200..<300).contains(status) else { throw .status(status) }
        try checkRange(status: status)
        var wire: curl_off_t = 0
        rondo_curl_get_off_t(easy, CURLINFO_SIZE_DOWNLOAD_T, &wire)
        return .fetched(
            DocumentFetcher.Fetched(
                validators: validators, movedTo: movedTo(easy), bytesOnTheWire: Int(wire), startsAt: status == 206 ? offset : 0))
    }

    /// Refuses a partial answer (206) that is not the rest of the document from the offset
    /// asked for: its bytes belong somewhere else, and appended they would corrupt the copy.
    private func checkRange(status: Int) throws(FetchError) {
        guard status == 206, rangeStart != offset else { return }
        throw .rangeNotKept(asked: offset, sent: rangeStart)
    }

    /// The final address when every redirect on the way was permanent.
    private func movedTo(_ easy: UnsafeMutableRawPointer) -> String? {
        let redirects = statuses.dropLast()
        guard !redirects.isEmpty, redirects.allSatisfy({ $0 == 301 || $0 == 308 }) else { return nil }
        var address: UnsafeMutablePointer<CChar>?
        guard rondo_curl_get_string(easy, CURLINFO_EFFECTIVE_URL, &address) == CURLE_OK, let address else { return nil }
        return String(cString: address)
    }

    /// Takes a piece of the body; 0 stops the transfer.
    func receive(body bytes: UnsafeRawBufferPointer) -> Int {
        taken += bytes.count
        guard taken <= maximumBytes else {
            stopped = .tooLarge(limit: maximumBytes)
            return 0
        }
        do {
            if !told {
                told = true
                let status = statuses.last ?? 200
                guard (200..<300).contains(status) else {
                    stopped = .status(status)
                    return 0
                }
                try checkRange(status: status)
                try answered(DocumentFetcher.Answer(startsAt: status == 206 ? offset : 0, validators: validators, charset: charset))
            }
            try body(bytes)
        } catch let error as FetchError {
            stopped = error
            return 0
        } catch {
            stopped = .refused(String(describing: error))
            return 0
        }
        return bytes.count
    }

    /// Takes a header line of any response on the way.
    func receive(header bytes: UnsafeRawBufferPointer) -> Int {
        let line = String(decoding: bytes, as: UTF8.self)
        let ended = head.add(line: line)
        guard ended else { return bytes.count }
        if !head.isInterim || (300..<400).contains(head.status) { statuses.append(head.status) }
        if !head.isInterim {
            validators = DocumentFetcher.Validators(etag: head.headers["etag"], lastModified: head.headers["last-modified"])
            rangeStart = head.headers["content-range"].flatMap(Self.start(ofContentRange:))
            charset = head.headers["content-type"].flatMap(Self.charset(ofContentType:))
        }
        head = HTTPResponseHead()
        return bytes.count
    }
}

extension FetchTransfer {
    /// The first byte a `Content-Range: bytes FIRST-LAST/LENGTH` value names.
    static func start(ofContentRange value: String) -> Int? {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes", let dash = parts[1].firstIndex(of: "-") else { return nil }
        return Int(parts[1][..<dash])
    }

    /// The `charset` parameter of a `Content-Type` value (`text/xml; charset="ISO-8859-1"`),
    /// its quotes taken off; `nil` when there is none or it is empty.
    static func charset(ofContentType value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "charset" else { continue }
            var charset = pair[1].trimmingWhitespace()
            if charset.count >= 2, charset.hasPrefix("\""), charset.hasSuffix("\"") { charset = String(charset.dropFirst().dropLast()) }
            return charset.isEmpty ? nil : charset
        }
        return nil
    }
}

/// libcurl's body callback for a fetch.
func fetchBodyCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    let transfer = Unmanaged<FetchTransfer>.fromOpaque(context!).takeUnretainedValue()
    return transfer.receive(body: UnsafeRawBufferPointer(start: data, count: size * count))
}

/// libcurl's header callback for a fetch.
func fetchHeaderCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    let transfer = Unmanaged<FetchTransfer>.fromOpaque(context!).takeUnretainedValue()
    return transfer.receive(header: UnsafeRawBufferPointer(start: data, count: size * count))
}
