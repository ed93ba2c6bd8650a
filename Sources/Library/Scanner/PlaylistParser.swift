import Foundation

/// Reads `.m3u` and `.m3u8` playlists: one entry per line, `#` lines (`#EXTM3U`, `#EXTINF`…)
/// ignored, LF or CRLF line ends, an optional UTF-8 byte-order mark.
///
/// Entries are file paths, absolute or relative to the playlist's folder, or `file://` URLs;
/// other URLs (streams) are left out. Text that is not UTF-8 is read as Latin-1, as old
/// `.m3u` writers produced it.
enum PlaylistParser {
    /// The largest playlist read; a bigger `.m3u` is not a playlist anyone wrote by hand or tool.
    static let maximumBytes = 4 << 20

    /// The absolute, normalised paths `bytes` lists, in order.
    /// - Parameters:
    ///   - bytes: the playlist file's contents.
    ///   - playlistPath: the playlist's absolute path, for relative entries.
    static func entries(of bytes: [UInt8], playlistPath: String) -> [String] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let text = String(validating: body, as: UTF8.self) ?? String(body.map { Character(Unicode.Scalar($0)) })
        let folder = (playlistPath as NSString).deletingLastPathComponent
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).compactMap { line in
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty, !entry.hasPrefix("#") else { return nil }
            if entry.lowercased().hasPrefix("file://") {
                return URL(string: entry).map { normalize($0.path) }
            }
            if entry.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) != nil { return nil }
            return normalize(entry.hasPrefix("/") ? entry : folder + "/" + entry)
        }
    }

    /// `path` with `.` and `..` components and repeated `/` removed.
    static func normalize(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
