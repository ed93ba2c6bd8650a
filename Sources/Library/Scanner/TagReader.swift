public import TagReading

/// Reads what an audio file says about itself. Declared here, implemented in `Audio` with
/// libmpg123 and adapted by the daemon, so `Library` never links a C audio library.
///
/// Implementations are stateless and safe to call from several threads at once.
public protocol TagReader: Sendable {
    /// Reads the tags, stream format, duration and cover of the file at `path`.
    /// - Throws: ``TagReadFailure`` saying why the file cannot be part of the library.
    func readTags(at path: String) throws(TagReadFailure) -> ScannedTags

    /// The folder cover image at `path` (``FolderCover``) as a track's artwork, kept where
    /// clients open it; `nil` when it cannot be read or is no image clients show.
    func folderCover(at path: String) -> CatalogArtwork?
}

extension TagReader {
    /// No folder covers: a reader that keeps no images.
    public func folderCover(at path: String) -> CatalogArtwork? { nil }
}

/// The tags of one file as the scanner stores them; missing tags are `nil`, never "".
public struct ScannedTags: Equatable, Sendable {
    public var title: String?
    public var artist: String?
    public var albumTitle: String?
    public var albumArtist: String?
    public var genre: String?
    public var composer: String?
    public var discNumber: Int?
    public var trackNumber: Int?
    public var year: Int?
    /// Seconds, from the Xing/Info header or a scan of the frames.
    public var duration: Double?
    public var sampleRate: Int?
    public var channels: Int?
    /// The embedded cover, already written to the artwork cache.
    public var artwork: CatalogArtwork?
    /// Its ReplayGain tags.
    public var replayGain: ReplayGainValues
    /// The chapters it marks, in order; empty for none.
    public var chapters: [ScannedChapter]
    /// Its MusicBrainz identifiers.
    public var musicBrainz = MusicBrainzIDs()

    /// Creates tags; every field defaults to unknown.
    public init(
        title: String? = nil, artist: String? = nil, albumTitle: String? = nil, albumArtist: String? = nil,
        genre: String? = nil, composer: String? = nil, discNumber: Int? = nil, trackNumber: Int? = nil,
        year: Int? = nil, duration: Double? = nil, sampleRate: Int? = nil, channels: Int? = nil,
        artwork: CatalogArtwork? = nil, replayGain: ReplayGainValues = ReplayGainValues(), chapters: [ScannedChapter] = []
    ) {
        self.title = title
        self.artist = artist
        self.albumTitle = albumTitle
        self.albumArtist = albumArtist
        self.genre = genre
        self.composer = composer
        self.discNumber = discNumber
        self.trackNumber = trackNumber
        self.year = year
        self.duration = duration
        self.sampleRate = sampleRate
        self.channels = channels
        self.artwork = artwork
        self.replayGain = replayGain
        self.chapters = chapters
    }
}

/// One chapter of a file as the scanner stores it.
public struct ScannedChapter: Equatable, Sendable {
    /// Its own title, if the file gives one.
    public var title: String?
    /// Seconds from the start of the file.
    public var start: Double
    /// Seconds until the next chapter or the end of the file, when known.
    public var duration: Double?

    /// Creates a chapter.
    public init(title: String?, start: Double, duration: Double?) {
        self.title = title
        self.start = start
        self.duration = duration
    }
}
