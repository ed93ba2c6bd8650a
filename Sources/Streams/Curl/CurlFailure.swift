import CCurl
import Glibc

/// Why a transfer ended without its bytes, in the words the player reports, and whether
/// trying again may help.
struct CurlFailure: Error, Equatable {
    /// What went wrong: `connection refused`, `HTTP 404 Not Found`, `certificate not trusted (…)`.
    var reason: String
    /// Whether it may pass (a cut, a stall, a 5xx), so a source in use tries again.
    var isTransient: Bool

    /// The failure a finished transfer's code stands for.
    /// - Parameters:
    ///   - code: the transfer's result.
    ///   - osError: `CURLINFO_OS_ERRNO`, the system's error behind a failed connect.
    ///   - detail: libcurl's error buffer for the transfer, possibly empty.
    init(code: CURLcode, osError: Int, detail: String) {
        let detail = detail.isEmpty ? Curl.description(of: code) : detail
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            (reason, isTransient) = ("host not found (\(detail))", true)
        case CURLE_COULDNT_CONNECT:
            let cause = osError != 0 ? String(cString: strerror(Int32(osError))).lowercased() : detail
            (reason, isTransient) = (cause, true)
        case CURLE_OPERATION_TIMEDOUT:
            (reason, isTransient) = ("timed out (\(detail))", true)
        case CURLE_PEER_FAILED_VERIFICATION:
            (reason, isTransient) = ("certificate not trusted (\(detail))", false)
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE:
            (reason, isTransient) = ("TLS handshake failed (\(detail))", false)
        case CURLE_TOO_MANY_REDIRECTS:
            (reason, isTransient) = ("too many redirects (\(detail))", false)
        case CURLE_UNSUPPORTED_PROTOCOL where detail.contains("HTTP/0.9"), CURLE_WEIRD_SERVER_REPLY:
            // libcurl says "unsupported protocol" of an answer without an HTTP status line.
            (reason, isTransient) = ("the server's answer could not be read: it is neither HTTP nor ICY (\(detail))", false)
        case CURLE_UNSUPPORTED_PROTOCOL:
            (reason, isTransient) = ("only http and https addresses are played (\(detail))", false)
        case CURLE_URL_MALFORMAT:
            (reason, isTransient) = ("not a valid address (\(detail))", false)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            (reason, isTransient) = ("connection lost (\(detail))", true)
        default:
            (reason, isTransient) = (detail, true)
        }
    }

    /// A failure named by its reason.
    init(reason: String, isTransient: Bool) {
        self.reason = reason
        self.isTransient = isTransient
    }

    /// `10 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
