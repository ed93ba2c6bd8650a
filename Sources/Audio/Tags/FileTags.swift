/// What an MP3 file says about itself: ID3 text tags and its decoded length.
///
/// Every field is optional; a tag that is missing or empty is `nil`.
public struct FileTags: Equatable, Sendable {
    /// TIT2 / ID3v1 title.
    public var title: String?
    /// TPE1 / ID3v1 artist.
    public var artist: String?
    /// TALB / ID3v1 album.
    public var album: String?
    /// TRCK (the number before any `/`) / ID3v1.1 track.
    public var trackNumber: Int?
    /// Duration in seconds, from the Xing/Info header or the file size.
    public var duration: Double?
    /// Sample rate in Hz.
    public var sampleRate: Int?
    /// Channel count.
    public var channels: Int?

    /// Creates tags; every field defaults to unknown.
    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, trackNumber: Int? = nil,
        duration: Double? = nil, sampleRate: Int? = nil, channels: Int? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.trackNumber = trackNumber
        self.duration = duration
        self.sampleRate = sampleRate
        self.channels = channels
    }
}
