/// `HOST:PORT` as the configuration writes an address (`[::1]:6600` for IPv6), split.
public enum HostAndPort {
    /// The host (without brackets) and the port number of `text`; `nil` when it is not
    /// `HOST:PORT`, or the port is no number. The caller checks the host and the range.
    public static func split(_ text: String) -> (host: String, port: Int)? {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard let number = Int(port), !host.isEmpty else { return nil }
        return (String(host), number)
    }
}
