/// Why a playlist gave no entries to play.
public enum PlaylistError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Its text passes the limit (``PlaylistFile/maximumBytes``).
    case tooLarge(Int)
    /// An HTTP Live Streaming playlist (`#EXT-X-` tags), which is not played.
    case hls
    /// It names no entry that can be played (http, https, or a local path for a playlist
    /// read from disk).
    case noEntries

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .tooLarge(let bytes): "the playlist is larger than \(PlaylistFile.maximumBytes) bytes (\(bytes) or more)"
        case .hls: "an HTTP Live Streaming (HLS) playlist, which is not supported"
        case .noEntries: "the playlist names no http, https or local entry to play"
        }
    }
}
