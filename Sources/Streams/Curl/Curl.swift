import CCurl

/// libcurl's process-wide state, set up once at first use: the library opened (the daemon
/// does not map it, and the thirty libraries it needs, until something is fetched) and
/// `curl_global_init` run.
enum Curl {
    /// Why libcurl cannot be used (it could not be opened or initialised), or `nil` when it is
    /// ready; evaluated before any handle is made.
    static var unavailable: String? {
        rondo_curl_load().map { "libcurl could not be loaded: " + String(cString: $0) }
    }

    /// The status lines libcurl takes for `HTTP/1.0 200 OK`: SHOUTcast 1.x answers
    /// `ICY 200 OK`, which libcurl would otherwise read as HTTP/0.9 and refuse. One list for
    /// the process, never freed, so it outlives every handle that points at it; libcurl only
    /// reads it.
    nonisolated(unsafe) private static let http200Aliases = curl_slist_append(nil, "ICY 200 OK")

    /// Sets what every request of the daemon shares on `easy`: http(s) only, `ICY 200 OK`
    /// taken as a status line, redirects followed up to ``HTTPOptions/maxRedirects``, no
    /// signals, the connect timeout, a transfer below `lowSpeedLimit` bytes a second for the
    /// timeout counting as dropped, the user agent, and where the body, the header lines and
    /// the error text go.
    /// - Parameters:
    ///   - acceptEncoding: `CURLOPT_ACCEPT_ENCODING`: `identity`, or `""` for every
    ///     encoding this libcurl decodes.
    ///   - context: what the callbacks are given, held unretained.
    static func configure(
        _ easy: UnsafeMutableRawPointer, url: String, options: HTTPOptions, lowSpeedLimit: Int, acceptEncoding: String,
        headers: UnsafeMutablePointer<curl_slist>?, errorBuffer: UnsafeMutablePointer<CChar>,
        body: curl_write_callback, header: curl_write_callback, context: UnsafeMutableRawPointer
    ) {
        rondo_curl_set_string(easy, CURLOPT_URL, url)
        rondo_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        rondo_curl_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        rondo_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        rondo_curl_set_long(easy, CURLOPT_MAXREDIRS, options.maxRedirects)
        rondo_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        rondo_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(options.timeout * 1000)))
        rondo_curl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, lowSpeedLimit)
        rondo_curl_set_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Int(options.timeout.rounded(.up))))
        rondo_curl_set_string(easy, CURLOPT_USERAGENT, options.userAgent)
        rondo_curl_set_slist(easy, CURLOPT_HTTPHEADER, headers)
        rondo_curl_set_slist(easy, CURLOPT_HTTP200ALIASES, http200Aliases)
        rondo_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, acceptEncoding)
        rondo_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        rondo_curl_set_write_callback(easy, CURLOPT_WRITEFUNCTION, body)
        rondo_curl_set_pointer(easy, CURLOPT_WRITEDATA, context)
        rondo_curl_set_write_callback(easy, CURLOPT_HEADERFUNCTION, header)
        rondo_curl_set_pointer(easy, CURLOPT_HEADERDATA, context)
    }

    /// libcurl's sentence for `code`.
    static func description(of code: CURLcode) -> String { String(cString: curl_easy_strerror(code)) }
}
