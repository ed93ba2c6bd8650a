public import TagReading

/// What an audio file says about itself: its tags (ID3 in MP3, Vorbis comments in FLAC, Ogg
/// Vorbis and Opus), its embedded cover, its ReplayGain values and its length.
///
/// Every field is optional; a tag that is missing or empty is `nil`, never an empty string.
public struct FileTags: Equatable, Sendable {
    /// TIT2 / ID3v1 title; TITLE in Vorbis comments (each field below names its ID3 frame;
    /// Vorbis comment keys are in ``VorbisComments``).
    public var title: String?
    /// TPE1 / ID3v1 artist.
    public var artist: String?
    /// TALB / ID3v1 album.
    public var album: String?
    /// TPE2: the artist of the whole album (band / orchestra / compilation artist).
    public var albumArtist: String?
    /// TCON / ID3v1 genre, with numeric ID3v1 references such as `(13)` or `13` resolved to
    /// their names (``ID3Genre``).
    public var genre: String?
    /// TCOM composer.
    public var composer: String?
    /// TRCK (the number before any `/`) / ID3v1.1 track.
    public var trackNumber: Int?
    /// TPOS (the number before any `/`): the disc of a multi-disc set.
    public var discNumber: Int?
    /// The release year: the first four digits of TDRC (ID3v2.4), TYER (ID3v2.3) or TORY /
    /// TDOR when only the original year is given, else the ID3v1 year.
    public var year: Int?
    /// The cover: the first front cover (APIC / FLAC picture type 3), or else the first picture.
    public var picture: EmbeddedPicture?
    /// Duration in seconds: from the Xing/Info header or the file size (MP3), STREAMINFO
    /// (FLAC), or the last Ogg page's granule position (Vorbis, Opus).
    public var duration: Double?
    /// Sample rate in Hz.
    public var sampleRate: Int?
    /// Channel count.
    public var channels: Int?
    /// Loudness-normalisation values, for ReplayGain playback.
    public var replayGain: ReplayGain
    /// The MusicBrainz identifiers (`TXXX` and `UFID` frames, Vorbis comments, MP4 freeform
    /// items).
    public var musicBrainz = MusicBrainzIDs()
    /// Whether the file marks chapters (an ID3v2 `CHAP` frame, a Vorbis `CHAPTERnnn`
    /// comment, an MP4 chapter track or Nero `chpl` atom), for ``ChapterReader`` to read;
    /// the tag readers only notice them.
    public var hasChapterMarks = false
    /// The file's Vorbis comments (FLAC, Ogg, Opus) as it holds them, but its pictures, in
    /// file order: what MPD's `readcomments` lists. Empty for other formats.
    public var comments: [Comment] = []

    /// One comment of a file: its key, upper-cased, and its value.
    public struct Comment: Equatable, Sendable {
        /// The key, upper-cased (`TITLE`, `MUSICBRAINZ_TRACKID`).
        public var key: String
        /// The value, as the file holds it.
        public var value: String
    }

    /// Creates tags; every field defaults to unknown.
    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil,
        genre: String? = nil, composer: String? = nil, trackNumber: Int? = nil, discNumber: Int? = nil,
        year: Int? = nil, picture: EmbeddedPicture? = nil, duration: Double? = nil, sampleRate: Int? = nil, channels: Int? = nil,
        replayGain: ReplayGain = ReplayGain()
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.genre = genre
        self.composer = composer
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.year = year
        self.picture = picture
        self.duration = duration
        self.sampleRate = sampleRate
        self.channels = channels
        self.replayGain = replayGain
    }
}
