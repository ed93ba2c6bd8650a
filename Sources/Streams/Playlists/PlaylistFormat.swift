/// The playlist formats a stream's address may name instead of audio.
public enum PlaylistFormat: String, Sendable, Equatable, CaseIterable {
    /// SHOUTcast's `.pls` (`[playlist]`, `File1=…`).
    case pls
    /// `.m3u` and `.m3u8`: one entry a line, `#` comments; HLS's `#EXT-X-` tags are refused.
    case m3u
    /// XSPF (`.xspf`), XML: each track's `<location>`.
    case xspf

    /// The format a content type names, else the one a path's extension names, else `nil`.
    /// - Parameters:
    ///   - path: a URL or file path; a URL's query and fragment are ignored.
    ///   - contentType: the media type the server named, if any.
    public init?(path: String, contentType: String? = nil) {
        if let contentType, let format = Self.byContentType[contentType.lowercased()] {
            self = format
            return
        }
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let file = withoutQuery.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return nil }
        guard let format = Self.byExtension[file[file.index(after: dot)...].lowercased()] else { return nil }
        self = format
    }

    private static let byContentType: [String: Self] = [
        "audio/x-scpls": .pls, "audio/scpls": .pls, "audio/x-mpegurl": .m3u, "audio/mpegurl": .m3u,
        "application/vnd.apple.mpegurl": .m3u, "application/x-mpegurl": .m3u, "application/xspf+xml": .xspf,
    ]

    private static let byExtension: [String: Self] = ["pls": .pls, "m3u": .m3u, "m3u8": .m3u, "xspf": .xspf]
}
