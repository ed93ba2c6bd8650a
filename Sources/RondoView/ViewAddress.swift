/// Where the head-unit view listens: a loopback address and a port (`[view] listen`).
public struct ViewAddress: Equatable, Sendable, CustomStringConvertible {
    /// `127.0.0.1`, `::1` or `localhost`.
    public var host: String
    /// The TCP port; 0 lets the system choose one.
    public var port: Int

    /// The default: `127.0.0.1:8737`.
    public static let standard = ViewAddress(host: "127.0.0.1", port: 8737)

    /// Creates an address; see ``parse(_:)`` for the checked form.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT` (`[::1]:PORT` for IPv6).
    /// - Returns: the address, or `nil` when it is not a loopback host with a port from 0 to
    ///   65535: the view is for this machine alone.
    public static func parse(_ text: String) -> ViewAddress? {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard let number = Int(port), (0...65_535).contains(number), Self.isLoopback(String(host)) else { return nil }
        return ViewAddress(host: String(host), port: number)
    }

    /// Whether `host` names this machine: `localhost`, `::1` or an address in 127.0.0.0/8.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `127.0.0.1:8737`, `[::1]:8737`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
