import CCurl

/// libcurl's process-wide state, set up once at first use (Swift runs a static `let`'s
/// initialiser exactly once, whichever thread gets there first).
enum Curl {
    /// `curl_global_init`'s result; evaluated before any handle is made.
    static let initialised: Bool = rondo_curl_global_init() == CURLE_OK

    /// libcurl's sentence for `code`.
    static func description(of code: CURLcode) -> String { String(cString: curl_easy_strerror(code)) }
}
