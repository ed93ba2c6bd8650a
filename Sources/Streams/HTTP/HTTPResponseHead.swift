import TextEncodings

/// One response's status line and headers, as libcurl hands them over line by line
/// (a redirect's or a `100 Continue`'s block first, then the final one's).
struct HTTPResponseHead {
    /// The status code, 0 before a status line.
    private(set) var status = 0
    /// The status line's reason phrase, empty when it has none (HTTP/2).
    private(set) var reason = ""
    /// The headers by lowercased name; a repeated header keeps its last value.
    private(set) var headers: [String: String] = [:]

    /// Starts a new response at a status line (`HTTP/1.1 200 OK`, `ICY 200 OK`), or adds a
    /// header line to the current one.
    /// - Returns: whether `line` was the blank line that ends a block.
    mutating func add(line: String) -> Bool {
        var trimmed = Substring(line)
        while let last = trimmed.last, last == "\r" || last == "\n" || last == "\r\n" { trimmed.removeLast() }
        if trimmed.isEmpty { return true }
        if trimmed.hasPrefix("HTTP/") || trimmed.hasPrefix("ICY ") {
            let parts = trimmed.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            reason = parts.count > 2 ? String(parts[2]) : ""
            headers = [:]
        } else if let colon = trimmed.firstIndex(of: ":") {
            let name = trimmed[..<colon].lowercased()
            headers[name] = String(trimmed[trimmed.index(after: colon)...]).trimmingWhitespace()
        }
        return false
    }

    /// Whether the block is a redirect libcurl follows or an interim answer, not the response.
    var isInterim: Bool {
        (100..<200).contains(status) || ([301, 302, 303, 307, 308].contains(status) && headers["location"] != nil)
    }

    /// `HTTP 404 Not Found`: the status with its reason phrase, or a well-known one.
    var statusDescription: String {
        let phrase = reason.isEmpty ? Self.phrases[status] ?? "" : reason
        return phrase.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(phrase)"
    }

    /// The media type without parameters, lowercased (`audio/mpeg`).
    var contentType: String? {
        guard let value = headers["content-type"] else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map { String($0).trimmingWhitespace().lowercased() } ?? ""
        return type.isEmpty ? nil : type
    }

    /// `Content-Range: bytes START-END/TOTAL`: the first byte's offset and the total
    /// (`nil` when `*`).
    var contentRange: (start: Int64, total: Int64?)? {
        guard let value = headers["content-range"], value.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = value.dropFirst(6)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2, let dash = halves[0].firstIndex(of: "-"), let start = Int64(halves[0][..<dash]) else {
            return nil
        }
        return (start, Int64(halves[1]))
    }

    /// `Content-Length`, when a non-negative number.
    var contentLength: Int64? { headers["content-length"].flatMap { Int64($0) }.flatMap { $0 >= 0 ? $0 : nil } }

    /// Whether the server said it sends byte ranges (`Accept-Ranges: bytes`).
    var acceptsRanges: Bool { headers["accept-ranges"]?.lowercased().contains("bytes") == true }

    /// The prefixes of a station's headers, in the order MPD prefers them: SHOUTcast's,
    /// Icecast's, and the older audiocast ones.
    private static let stationPrefixes = ["icy-", "ice-", "x-audiocast-"]

    /// Whether the response carries SHOUTcast/Icecast headers (`icy-*`, `ice-*`,
    /// `x-audiocast-*`).
    var hasICYHeaders: Bool { headers.keys.contains { key in Self.stationPrefixes.contains { key.hasPrefix($0) } } }

    /// The station's name: `icy-name`, else `ice-name`, else `x-audiocast-name`.
    var stationName: String? { stationHeader("name") }

    /// What the station says of itself in its headers, under the `icy-*` names whichever
    /// its server used, for the metadata callback.
    var stationFields: [String: String] {
        var fields: [String: String] = [:]
        for field in ["name", "genre", "description", "url"] { fields["icy-" + field] = stationHeader(field) }
        fields["icy-br"] = headers["icy-br"].map(Self.shown).flatMap { $0.isEmpty ? nil : $0 }
        return fields
    }

    /// The first non-empty of `icy-FIELD`, `ice-FIELD` and `x-audiocast-FIELD`, without
    /// control characters.
    private func stationHeader(_ field: String) -> String? {
        for prefix in Self.stationPrefixes {
            if let value = headers[prefix + field].map(Self.shown), !value.isEmpty { return value }
        }
        return nil
    }

    /// A header's value as a listener may see it: no control characters, no spaces around.
    private static func shown(_ value: String) -> String { ControlCharacters.stripped(value).trimmingWhitespace() }

    private static let phrases = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        410: "Gone", 416: "Range Not Satisfiable", 429: "Too Many Requests", 500: "Internal Server Error",
        501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
