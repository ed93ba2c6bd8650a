/// Whether a request may reach the view: it carries the token, and its `Host` and `Origin`
/// headers name the view itself (a page on another site that resolves its own name to
/// 127.0.0.1 — DNS rebinding — sends its own name and is refused).
///
/// Pure: the request's parts are passed in.
public struct ViewAccess: Sendable {
    /// The per-start secret every request must carry.
    public let token: String
    /// The port the view listens on, as the browser writes it in `Host`.
    public let port: Int

    /// Creates the check.
    public init(token: String, port: Int) {
        self.token = token
        self.port = port
    }

    /// The verdict on one request.
    public enum Verdict: Equatable, Sendable {
        /// Served.
        case allowed
        /// 401: no token, or not this start's.
        case unauthorized
        /// 403: a foreign `Host` or `Origin`.
        case forbidden
    }

    /// Checks a request.
    /// - Parameters:
    ///   - query: the URI's query string (after `?`), where a page link and `EventSource`
    ///     carry `token=…`.
    ///   - headers: the request headers, names lowercased.
    public func check(query: String, headers: [ViewHeader]) -> Verdict {
        func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
        guard let host = header("host"), allowedHosts.contains(host.lowercased()) else { return .forbidden }
        if let origin = header("origin"), !allowedHosts.contains(where: { "http://\($0)" == origin.lowercased() }) {
            return .forbidden
        }
        let bearer = header("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let queried = Self.parameter("token", in: query)
        guard let given = bearer ?? queried, Self.constantTimeEqual(given, token) else { return .unauthorized }
        return .allowed
    }

    /// The `Host` values a browser sends for the view.
    private var allowedHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }

    /// The value of `name` in a query string (`a=1&token=x`), percent-decoding left out:
    /// tokens are hexadecimal.
    public static func parameter(_ name: String, in query: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return String(parts[1]) }
        }
        return nil
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
