/// A subscribed podcast as the browse tree shows it, beside the shows and books a scan
/// finds under `Podcasts & Books`.
public struct CatalogPodcast: Equatable, Sendable {
    /// Row id in the store.
    public var id: Int64
    /// `rondo:show:` + hex FNV-1a of the feed's URL as first subscribed.
    public var identifier: String
    public var title: String
    public var author: String?
    /// The show's picture on the web.
    public var imageURL: String?
    public var isExplicit: Bool
    /// Episodes kept.
    public var episodeCount: Int
    /// Of those, not played yet: the show's "N new".
    public var unplayedCount: Int

    /// Creates a podcast.
    public init(
        id: Int64, identifier: String, title: String, author: String?, imageURL: String?, isExplicit: Bool, episodeCount: Int,
        unplayedCount: Int
    ) {
        self.id = id
        self.identifier = identifier
        self.title = title
        self.author = author
        self.imageURL = imageURL
        self.isExplicit = isExplicit
        self.episodeCount = episodeCount
        self.unplayedCount = unplayedCount
    }
}

/// What a podcast's feed says of one of its episodes, which a file's tags would say of a
/// track. An episode is a ``CatalogTrack`` whose path is its identifier (`rondo:episode:…`):
/// its resume point and rate are kept under that, whatever address its audio moves to.
public struct EpisodeFacts: Equatable, Sendable {
    /// Where its audio is on the web.
    public var audioURL: String
    /// The copy downloaded ahead, when there is one.
    public var downloadedPath: String?
    /// The identifier of its show.
    public var show: String
    /// Seconds since 1970, when the feed dated it.
    public var published: Double?
    public var isExplicit: Bool
    /// Its own picture on the web, else its show's.
    public var imageURL: String?
    /// Its Podcasting 2.0 chapters document.
    public var chaptersURL: String?
    /// Listened to (nearly) the end, or marked so.
    public var played: Bool

    /// Creates the facts of an episode.
    public init(
        audioURL: String, downloadedPath: String? = nil, show: String, published: Double?, isExplicit: Bool, imageURL: String?,
        chaptersURL: String?, played: Bool
    ) {
        self.audioURL = audioURL
        self.downloadedPath = downloadedPath
        self.show = show
        self.published = published
        self.isExplicit = isExplicit
        self.imageURL = imageURL
        self.chaptersURL = chaptersURL
        self.played = played
    }
}
