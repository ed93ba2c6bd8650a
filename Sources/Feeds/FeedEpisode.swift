/// One episode of a feed: an item with an enclosure of sound (or of a video, for its sound).
public struct FeedEpisode: Equatable, Sendable {
    /// What names it across refreshes, whatever the feed's order or the enclosure's URL:
    /// its `guid` (or Atom `id`), else its `podcast:guid`, else the enclosure's URL.
    public var key: String
    public var title: String
    /// When it was published; `nil` when the feed gives no date that can be read.
    public var published: Double?
    /// The audio's URL, made absolute against the feed's.
    public var enclosureURL: String
    /// The enclosure's MIME type, as the feed says.
    public var enclosureType: String?
    /// The enclosure's length in bytes, as the feed says (often wrong or 0).
    public var enclosureLength: Int?
    /// Seconds, from `itunes:duration`.
    public var duration: Double?
    /// Its description as plain text, at most ``FeedParser/maximumSummaryCharacters``.
    public var summary: String?
    /// `itunes:explicit`, else the channel's.
    public var isExplicit: Bool
    /// `podcast:chapters`' URL (a JSON chapters file).
    public var chaptersURL: String?
    /// Its own cover (`itunes:image`).
    public var imageURL: String?
    /// `itunes:episode` and `itunes:season`.
    public var episodeNumber: Int?
    public var season: Int?
    /// Whether the enclosure is a video: it is an episode only when its audio track can be
    /// played, which the feed cannot tell and only the player's decoders can (the podcast
    /// service asks them before keeping it, and plays such an episode as sound).
    public var isVideo = false
    /// What was odd about it and made up for (a date that could not be read, no GUID…).
    public var notes: [String] = []

    /// Creates an episode.
    public init(
        key: String, title: String, published: Double?, enclosureURL: String, enclosureType: String? = nil,
        enclosureLength: Int? = nil, duration: Double? = nil, summary: String? = nil, isExplicit: Bool = false,
        chaptersURL: String? = nil, imageURL: String? = nil, episodeNumber: Int? = nil, season: Int? = nil
    ) {
        self.key = key
        self.title = title
        self.published = published
        self.enclosureURL = enclosureURL
        self.enclosureType = enclosureType
        self.enclosureLength = enclosureLength
        self.duration = duration
        self.summary = summary
        self.isExplicit = isExplicit
        self.chaptersURL = chaptersURL
        self.imageURL = imageURL
        self.episodeNumber = episodeNumber
        self.season = season
    }
}
