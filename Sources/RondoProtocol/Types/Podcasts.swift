/// A subscribed podcast on the wire (SPEC §12): an item of `podcast.list`.
public struct PodcastShow: Codable, Equatable, Sendable {
    /// `rondo:show:…`, kept when the feed moves.
    public var show: String
    public var title: String
    /// The feed's address now.
    public var url: String
    /// Episodes kept.
    public var episodes: Int
    /// Of those, not played.
    public var unplayed: Int
    /// When the feed was last fetched, in seconds since 1970 (as `library.stats`'s
    /// `lastScan`), whether or not it had changed.
    public var lastRefresh: Double?
    /// Why the last refresh failed, until one succeeds.
    public var error: String?

    /// Creates a show.
    public init(
        show: String, title: String, url: String, episodes: Int, unplayed: Int, lastRefresh: Double? = nil, error: String? = nil
    ) {
        self.show = show
        self.title = title
        self.url = url
        self.episodes = episodes
        self.unplayed = unplayed
        self.lastRefresh = lastRefresh
        self.error = error
    }
}

/// The params of `podcast.subscribe`.
public struct PodcastSubscribeParams: Codable, Equatable, Sendable {
    /// The feed's `http://` or `https://` URL.
    public var url: String

    /// Creates params.
    public init(url: String) { self.url = url }
}

/// The result of `podcast.subscribe`: the show, its title and how many episodes its feed has.
public struct PodcastSubscribeResult: Codable, Equatable, Sendable {
    public var show: String
    public var title: String
    public var episodes: Int

    /// Creates a result.
    public init(show: String, title: String, episodes: Int) {
        self.show = show
        self.title = title
        self.episodes = episodes
    }
}

/// The params of `podcast.unsubscribe`, and of `podcast.refresh` (no show: every one).
public struct PodcastShowParams: Codable, Equatable, Sendable {
    /// `rondo:show:…`.
    public var show: String?

    /// Creates params.
    public init(show: String? = nil) { self.show = show }
}

/// The result of `podcast.refresh`: how many shows were fetched and how many episodes are new.
public struct PodcastRefreshResult: Codable, Equatable, Sendable {
    public var shows: Int
    public var newEpisodes: Int

    /// Creates a result.
    public init(shows: Int, newEpisodes: Int) {
        self.shows = shows
        self.newEpisodes = newEpisodes
    }
}

/// The params of `podcast.episodes`: a page of a show's episodes, newest first.
public struct PodcastEpisodesParams: Codable, Equatable, Sendable {
    public var show: String
    public var offset: Int?
    /// 1 to 500; 50 when absent.
    public var limit: Int?

    /// Creates params.
    public init(show: String, offset: Int? = nil, limit: Int? = nil) {
        self.show = show
        self.offset = offset
        self.limit = limit
    }
}

/// The result of `podcast.episodes`: the page's episodes as content items, and how many the show has.
public struct PodcastEpisodesResult: Codable, Equatable, Sendable {
    public var items: [ContentItem]
    public var total: Int

    /// Creates a result.
    public init(items: [ContentItem], total: Int) {
        self.items = items
        self.total = total
    }
}

/// The params of `podcast.markPlayed`.
public struct PodcastMarkPlayedParams: Codable, Equatable, Sendable {
    /// `rondo:episode:…`.
    public var identifier: String
    public var played: Bool

    /// Creates params.
    public init(identifier: String, played: Bool) {
        self.identifier = identifier
        self.played = played
    }
}

/// The params of `podcast.importOPML`: an OPML file on the daemon's machine.
public struct PodcastImportParams: Codable, Equatable, Sendable {
    /// An absolute path.
    public var path: String

    /// Creates params.
    public init(path: String) { self.path = path }
}

/// The result of `podcast.importOPML`: how many feeds of the file are now subscribed, and
/// those that could not be, with why.
public struct PodcastImportResult: Codable, Equatable, Sendable {
    public var subscribed: Int
    public var failed: [PodcastImportFailure]

    /// Creates a result.
    public init(subscribed: Int, failed: [PodcastImportFailure] = []) {
        self.subscribed = subscribed
        self.failed = failed
    }
}

/// A feed of an OPML file that could not be subscribed.
public struct PodcastImportFailure: Codable, Equatable, Sendable {
    public var url: String
    public var reason: String

    /// Creates a failure.
    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }
}

/// The result of `podcast.exportOPML`: every subscription as an OPML 2.0 document.
public struct PodcastExportResult: Codable, Equatable, Sendable {
    public var opml: String

    /// Creates a result.
    public init(opml: String) { self.opml = opml }
}

/// The params of `podcast.refreshed`: a show whose refresh brought new episodes.
public struct PodcastRefreshed: Codable, Equatable, Sendable {
    public var show: String
    public var newEpisodes: Int

    /// Creates params.
    public init(show: String, newEpisodes: Int) {
        self.show = show
        self.newEpisodes = newEpisodes
    }
}
