/// A subscribed podcast as the store keeps it (SPEC §12's `podcast.list` entry).
public struct PodcastShowRecord: Equatable, Sendable {
    /// Row id in the store.
    public var id: Int64
    /// `rondo:show:` + hex FNV-1a of the feed's URL as first subscribed; kept when the
    /// feed moves.
    public var identifier: String
    /// The feed's address now (a permanent redirect changes it).
    public var url: String
    public var title: String
    public var author: String?
    public var summary: String?
    public var imageURL: String?
    public var isExplicit: Bool
    /// Episodes kept.
    public var episodes: Int
    /// Of those, not played.
    public var unplayed: Int
    /// When the feed was last fetched, whether or not it had changed; seconds since 1970.
    public var lastRefresh: Double?
    /// Why the last refresh failed, until one succeeds.
    public var error: String?
    /// What the server said about the version kept, for the next conditional request.
    public var etag: String?
    public var lastModified: String?
}

/// One episode of a subscribed podcast.
public struct PodcastEpisodeRecord: Equatable, Sendable {
    public var id: Int64
    /// `rondo:episode:` + hex FNV-1a of the show's identifier and the episode's key.
    public var identifier: String
    /// The show's identifier.
    public var show: String
    /// What names it in its feed across refreshes (its GUID).
    public var key: String
    public var title: String
    /// Seconds since 1970, when the feed dated it.
    public var published: Double?
    /// Its audio's URL.
    public var url: String
    public var duration: Double?
    public var summary: String?
    public var isExplicit: Bool
    public var imageURL: String?
    public var chaptersURL: String?
    /// When this store first saw it.
    public var firstSeen: Double
    public var played: Bool
    /// The copy downloaded ahead, when there is one.
    public var downloadPath: String?
}

/// How a subscription or a refresh changed the store.
public struct PodcastUpdate: Equatable, Sendable {
    /// The show as stored after it.
    public var show: PodcastShowRecord
    /// Episodes the store had not seen before.
    public var newEpisodes: Int
    /// The identifiers of the episodes the store had, whose feed changed what it holds of them
    /// (an enclosure moved, a title corrected), in feed order.
    public var revisedEpisodes: [String] = []
    /// The enclosures that moved: each old address and the new one.
    public var movedEnclosures: [String: String] = [:]
}
