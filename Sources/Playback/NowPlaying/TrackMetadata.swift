/// What is known about a file before it plays: its tags and duration.
///
/// Every tag is optional: a missing tag stays `nil` and never becomes an empty string.
public struct TrackMetadata: Equatable, Sendable {
    /// Track title.
    public var title: String?
    /// Performing artist.
    public var artist: String?
    /// Album title.
    public var albumTitle: String?
    /// Position on the album, counting from 1.
    public var albumTrackNumber: Int?
    /// Duration in seconds of media time.
    public var duration: Double?

    /// Creates metadata; every field defaults to unknown.
    public init(
        title: String? = nil, artist: String? = nil, albumTitle: String? = nil,
        albumTrackNumber: Int? = nil, duration: Double? = nil
    ) {
        self.title = title
        self.artist = artist
        self.albumTitle = albumTitle
        self.albumTrackNumber = albumTrackNumber
        self.duration = duration
    }
}
