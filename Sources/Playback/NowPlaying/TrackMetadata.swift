public import TagReading

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
    /// Artist of the whole album, when it differs from the track's (compilations).
    public var albumArtist: String?
    /// Genre name.
    public var genre: String?
    /// Composer.
    public var composer: String?
    /// Position on the album, counting from 1.
    public var albumTrackNumber: Int?
    /// Disc of a multi-disc album, counting from 1.
    public var discNumber: Int?
    /// Duration in seconds of media time.
    public var duration: Double?
    /// Whether the item is a live stream without a fixed duration.
    public var isLiveStream: Bool?
    /// What a live stream last said it plays, as it said it (ICY `StreamTitle`), from
    /// which ``title`` and ``artist`` are taken.
    public var streamTitle: String?
    /// An identifier of the item in the library, stable across queue edits and restarts.
    public var externalContentIdentifier: String?
    /// The item's cover image.
    public var artwork: Artwork?
    /// The MusicBrainz identifiers its tags carry.
    public var musicBrainz = MusicBrainzIDs()
    /// The chapter marks of the item's file, in file order; empty when it has none.
    public var chapters: [Chapter]
    /// Where the item's audio is when the queue holds another name for it (a podcast
    /// episode's identifier): its downloaded copy's path or its enclosure's URL; `nil` when
    /// the queue entry's location is the audio's.
    public var assetLocation: String?

    /// Creates metadata; every field defaults to unknown.
    public init(
        title: String? = nil, artist: String? = nil, albumTitle: String? = nil, albumArtist: String? = nil,
        genre: String? = nil, composer: String? = nil, albumTrackNumber: Int? = nil, discNumber: Int? = nil,
        duration: Double? = nil, isLiveStream: Bool? = nil, externalContentIdentifier: String? = nil,
        artwork: Artwork? = nil, chapters: [Chapter] = [], assetLocation: String? = nil
    ) {
        self.title = title
        self.artist = artist
        self.albumTitle = albumTitle
        self.albumArtist = albumArtist
        self.genre = genre
        self.composer = composer
        self.albumTrackNumber = albumTrackNumber
        self.discNumber = discNumber
        self.duration = duration
        self.isLiveStream = isLiveStream
        self.externalContentIdentifier = externalContentIdentifier
        self.artwork = artwork
        self.chapters = chapters
        self.assetLocation = assetLocation
    }

    /// The album the tags place the item on, for shuffling by collection: the album artist
    /// (or the artist) and the album title; `nil` without an album title.
    var albumKey: String? {
        guard let albumTitle else { return nil }
        return (albumArtist ?? artist ?? "") + "\u{1F}" + albumTitle
    }
}
