/// An enclosure as the feed gives it.
struct Enclosure {
    var url: String?
    var type: String?
    var length: String?
    /// Media RSS's `medium` (`audio`, `video`, `image`…), which it gives instead of a type.
    var medium: String?
    /// From Media RSS rather than RSS or Atom.
    var isMedia = false

    /// What an enclosure holds, as far as its feed tells.
    enum Kind: Equatable {
        case audio
        /// A video, whose audio track may or may not be playable.
        case video
        /// A picture: never an episode.
        case image
        /// The feed does not say (no type, a generic one, an unknown extension).
        case unknown
    }

    private static let audioExtensions = [".mp3", ".m4a", ".m4b", ".aac", ".ogg", ".oga", ".opus", ".flac", ".wav"]
    private static let videoExtensions = [".mp4", ".m4v", ".mov", ".webm", ".mkv", ".avi", ".3gp"]
    private static let imageExtensions = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".heic", ".svg"]

    /// Its kind by its MIME type, else by Media RSS's `medium`, else by its URL's extension.
    var kind: Kind {
        let type = (type ?? "").trimmingXMLSpace.lowercased()
        if type == "application/ogg" || type.hasPrefix("audio/") { return .audio }
        if type.hasPrefix("video/") { return .video }
        if type.hasPrefix("image/") { return .image }
        switch (medium ?? "").trimmingXMLSpace.lowercased() {
        case "audio": return .audio
        case "video": return .video
        case "image": return .image
        default: break
        }
        // A generic type (`application/octet-stream`, none) leaves the extension to tell.
        let path = (url ?? "").lowercased().split(separator: "?").first ?? ""
        if Self.audioExtensions.contains(where: { path.hasSuffix($0) }) { return .audio }
        if Self.videoExtensions.contains(where: { path.hasSuffix($0) }) { return .video }
        if Self.imageExtensions.contains(where: { path.hasSuffix($0) }) { return .image }
        return .unknown
    }
}
