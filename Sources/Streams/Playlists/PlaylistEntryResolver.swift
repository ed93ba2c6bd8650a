import Foundation

/// Turns a playlist's entry into one to play: an absolute `http`/`https` address (a
/// relative one resolved against the playlist's), or, for a playlist read from disk, an
/// absolute path (`file://` and relative entries included). Anything else is skipped.
struct PlaylistEntryResolver {
    private let baseURL: URL?
    private let directory: String?

    /// A resolver for the entries of the playlist at `base`, an address or an absolute path.
    init(base: String) {
        if base.hasPrefix("/") {
            baseURL = nil
            directory = URL(fileURLWithPath: base).deletingLastPathComponent().path
        } else {
            baseURL = URL(string: base)
            directory = nil
        }
    }

    /// The entry to play for `entry`, or `nil` when it cannot be played.
    func resolve(_ entry: String) -> String? {
        let trimmed = entry.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.contains("\0") else { return nil }
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return Self.web(URL(string: Self.escaped(trimmed))) }
        if let directory {
            if trimmed.hasPrefix("/") { return URL(fileURLWithPath: trimmed).standardized.path }
            if lowered.hasPrefix("file://") { return URL(string: Self.escaped(trimmed)).map(\.path).flatMap { $0.isEmpty ? nil : $0 } }
            guard !Self.hasScheme(trimmed) else { return nil }
            return URL(fileURLWithPath: directory).appendingPathComponent(trimmed).standardized.path
        }
        guard let baseURL, !Self.hasScheme(trimmed) else { return nil }
        return Self.web(URL(string: Self.escaped(trimmed), relativeTo: baseURL))
    }

    /// The absolute form of `url` when it is `http` or `https` with a host.
    private static func web(_ url: URL?) -> String? {
        guard let absolute = url?.absoluteURL, let scheme = absolute.scheme?.lowercased(), ["http", "https"].contains(scheme),
            absolute.host?.isEmpty == false
        else { return nil }
        return absolute.absoluteString
    }

    /// Whether `text` starts with a URL scheme (`name:`), other than a single drive letter's.
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// `text` with the characters playlists leave unescaped (spaces, mostly) escaped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\"" || scalar == "<" || scalar == ">" || scalar == "\\" || scalar == "^" || scalar == "`"
                || scalar == "{" || scalar == "|" || scalar == "}" || scalar.value < 0x20 || scalar.value > 0x7e
            {
                for byte in String(scalar).utf8 { result += (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true) }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
