/// The head of one HTTP/1.x request to the view, read from the bytes a client sent.
///
/// Pure: ``read(_:)`` looks at bytes and decides. Header names are lowercased; header bytes
/// are ISO-8859-1, as HTTP/1.1 declares them (RFC 9110 §5.5), so no byte is lost or replaced.
/// A body is framed by `Content-Length` alone: the view's only body is one JSON-RPC request
/// from its own page, and a chunked body is refused (501) rather than misread.
public struct ViewRequestHead: Equatable, Sendable {
    /// The method: `GET`, `POST`.
    public let method: String
    /// The request target as sent: path and query.
    public let target: String
    /// The header fields in order, names lowercased.
    public let headers: [ViewHeader]
    /// How many body bytes follow the head (0 without `Content-Length`).
    public let contentLength: Int
    /// Whether the client waits for `100 Continue` before it sends its body.
    public let expectsContinue: Bool

    /// The largest head read (request line and headers): beyond it the request is refused (431).
    public static let sizeCap = 16 * 1024

    /// What the first bytes of a connection hold.
    public enum Reading: Equatable, Sendable {
        /// Not a whole head yet; read more.
        case incomplete
        /// A head, and where its body begins in the bytes read.
        case head(ViewRequestHead, bodyStart: Int)
        /// A request the view does not serve, with the status and the reason to answer.
        case refused(ViewStatus, String)
    }

    /// Reads the head at the start of `bytes`.
    public static func read(_ bytes: [UInt8]) -> Reading {
        guard let end = headEnd(bytes) else {
            return bytes.count >= sizeCap ? .refused(.headersTooLarge, "a request's head is at most 16 KiB") : .incomplete
        }
        guard end.head <= sizeCap else { return .refused(.headersTooLarge, "a request's head is at most 16 KiB") }
        var lines = bytes[..<end.head].split(separator: 10, omittingEmptySubsequences: false).map { line in
            line.last == 13 ? line.dropLast() : line
        }
        // RFC 9112 §2.2: empty lines before the request line are ignored.
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard let requestLine = lines.first else { return .refused(.badRequest, "no request line") }
        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]), let target = visible(parts[1]), target.hasPrefix("/") else {
            return .refused(.badRequest, "the request line is not METHOD /TARGET HTTP/1.x")
        }
        guard parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8) else {
            return .refused(.versionNotSupported, "the view speaks HTTP/1.1")
        }
        var headers: [ViewHeader] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: 58), let name = token(line[..<colon]) else {
                return .refused(.badRequest, "a header line is not NAME: VALUE")
            }
            headers.append(ViewHeader(name: name.lowercased(), value: latin1(trimmed(line[(colon + 1)...]))))
        }
        return framed(method: method, target: target, headers: headers, bodyStart: end.body)
    }

    /// The body's framing checked: one `Content-Length`, no `Transfer-Encoding`.
    private static func framed(method: String, target: String, headers: [ViewHeader], bodyStart: Int) -> Reading {
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .refused(.notImplemented, "a body is sent with Content-Length")
        }
        let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
        guard lengths.count <= 1 else { return .refused(.badRequest, "Content-Length is sent twice with two values") }
        var length = 0
        if let text = lengths.first {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text)
            else { return .refused(.badRequest, "Content-Length is not a number") }
            length = value
        }
        let expects = headers.first { $0.name == "expect" }.map { $0.value.lowercased() == "100-continue" } ?? false
        let head = ViewRequestHead(
            method: method, target: target, headers: headers, contentLength: length, expectsContinue: expects)
        return .head(head, bodyStart: bodyStart)
    }

    /// The first header named `name` (lowercase), if any.
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The target's path (before `?`).
    public var path: Substring { ViewRoute.parts(of: target).path }

    /// The target's query (after `?`), empty without one.
    public var query: String { ViewRoute.parts(of: target).query }

    /// Where the head ends: after its empty line (CRLF CRLF, or LF LF as RFC 9112 §2.2 lets a
    /// server accept); `head` excludes the final empty line, `body` is the first byte after it.
    private static func headEnd(_ bytes: [UInt8]) -> (head: Int, body: Int)? {
        var index = 0
        while let newline = bytes[index...].firstIndex(of: 10) {
            let next = newline + 1
            if next < bytes.count, bytes[next] == 10 { return (newline, next + 1) }
            if next + 1 < bytes.count, bytes[next] == 13, bytes[next + 1] == 10 { return (newline, next + 2) }
            index = next
        }
        return nil
    }

    /// A token (RFC 9110 §5.6.2) as text, or `nil` when empty or holding another byte.
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        let extra = Array("!#$%&'*+-.^_`|~".utf8)
        guard !bytes.isEmpty,
            bytes.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || extra.contains($0) })
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Visible ASCII (a request target), or `nil`.
    private static func visible(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (33...126).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 32 || first == 9 { slice.removeFirst() }
        while let last = slice.last, last == 32 || last == 9 { slice.removeLast() }
        return slice
    }

    /// ISO-8859-1 bytes as text: each byte is the code point of its value.
    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return String(text)
    }
}

/// One header field of a request: its name lowercased, its value trimmed.
public struct ViewHeader: Equatable, Sendable {
    /// The name, lowercased.
    public let name: String
    /// The value, without the spaces around it.
    public let value: String

    /// A field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The statuses the view answers with, and their reason phrases.
public enum ViewStatus: Int, Sendable {
    case ok = 200
    case badRequest = 400
    case unauthorized = 401
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case lengthRequired = 411
    case contentTooLarge = 413
    case headersTooLarge = 431
    case notImplemented = 501
    case serviceUnavailable = 503
    case versionNotSupported = 505

    /// The reason phrase of the status line.
    public var reason: String {
        switch self {
        case .ok: "OK"
        case .badRequest: "Bad Request"
        case .unauthorized: "Unauthorized"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .lengthRequired: "Length Required"
        case .contentTooLarge: "Content Too Large"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .notImplemented: "Not Implemented"
        case .serviceUnavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
