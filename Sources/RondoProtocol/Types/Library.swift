/// A content item of the browse tree on the wire (SPEC §6), as MPContentItem describes one.
public struct ContentItem: Codable, Equatable, Sendable {
    /// Stable across rescans and restarts: `rondo:track:…`, `rondo:album:…`, `rondo:library`, …
    public var identifier: String
    public var title: String
    /// A second line: the artist and album of a track, the number of albums of an artist, …
    public var subtitle: String?
    /// Has children to browse.
    public var isContainer: Bool
    /// `library.play` can start it.
    public var isPlayable: Bool
    public var isStreamingContent: Bool
    public var isExplicitContent: Bool
    /// How much of a spoken-word item has been heard, 0…1.
    public var playbackProgress: Double?
    public var artwork: ArtworkPayload?

    /// Creates an item.
    public init(
        identifier: String, title: String, subtitle: String? = nil, isContainer: Bool, isPlayable: Bool,
        isStreamingContent: Bool = false, isExplicitContent: Bool = false, playbackProgress: Double? = nil,
        artwork: ArtworkPayload? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
        self.isContainer = isContainer
        self.isPlayable = isPlayable
        self.isStreamingContent = isStreamingContent
        self.isExplicitContent = isExplicitContent
        self.playbackProgress = playbackProgress
        self.artwork = artwork
    }
}

/// The params of `library.item`, `library.count` and `library.play`: an index path, 0-based.
public struct IndexPathParams: Codable, Equatable, Sendable {
    public var indexPath: [Int]

    /// Creates params.
    public init(indexPath: [Int]) { self.indexPath = indexPath }
}

/// The params of `library.children`: an index path and a page of its children.
public struct LibraryChildrenParams: Codable, Equatable, Sendable {
    public var indexPath: [Int]
    public var offset: Int?
    public var limit: Int?

    /// Creates params.
    public init(indexPath: [Int], offset: Int? = nil, limit: Int? = nil) {
        self.indexPath = indexPath
        self.offset = offset
        self.limit = limit
    }
}

/// The result of `library.children`.
public struct LibraryChildrenResult: Codable, Equatable, Sendable {
    public var items: [ContentItem]
    /// The real number of children, even when `limited`.
    public var total: Int
    /// Content limits cut the list short.
    public var limited: Bool

    /// Creates a result.
    public init(items: [ContentItem], total: Int, limited: Bool) {
        self.items = items
        self.total = total
        self.limited = limited
    }
}

/// The result of `library.count`.
public struct LibraryCountResult: Codable, Equatable, Sendable {
    public var count: Int

    /// Creates a result.
    public init(count: Int) { self.count = count }
}

/// The params of `library.itemForIdentifier` and `radio.remove`.
public struct IdentifierParams: Codable, Equatable, Sendable {
    public var identifier: String

    /// Creates params.
    public init(identifier: String) { self.identifier = identifier }
}

/// The result of `library.play`: an MPRemoteCommandHandlerStatus name.
public struct LibraryPlayResult: Codable, Equatable, Sendable {
    public var status: RemoteCommandStatus

    /// Creates a result.
    public init(status: RemoteCommandStatus) { self.status = status }
}

/// The params of `library.search`.
public struct LibrarySearchParams: Codable, Equatable, Sendable {
    /// Words to look for in titles, artists, albums and genres; each matches as a prefix.
    public var query: String
    public var limit: Int?

    /// Creates params.
    public init(query: String, limit: Int? = nil) {
        self.query = query
        self.limit = limit
    }
}

/// The result of `library.search`, best match first.
public struct LibrarySearchResult: Codable, Equatable, Sendable {
    public var items: [ContentItem]

    /// Creates a result.
    public init(items: [ContentItem]) { self.items = items }
}

/// The params of `library.scan`.
public struct LibraryScanParams: Codable, Equatable, Sendable {
    /// A file or directory inside the music directory; the whole directory when absent.
    public var path: String?
    /// Re-read the tags of every file, changed or not.
    public var full: Bool?

    /// Creates params.
    public init(path: String? = nil, full: Bool? = nil) {
        self.path = path
        self.full = full
    }
}

/// The result of `library.scan`.
public struct LibraryScanResult: Codable, Equatable, Sendable {
    public var added: Int
    public var updated: Int
    public var removed: Int
    /// Files that could not be read (see `library.problems`).
    public var problems: Int

    /// Creates a result.
    public init(added: Int, updated: Int, removed: Int, problems: Int) {
        self.added = added
        self.updated = updated
        self.removed = removed
        self.problems = problems
    }
}

/// One file left out of the library, and why.
public struct LibraryProblem: Codable, Equatable, Sendable {
    public var path: String
    public var reason: String

    /// Creates a problem.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// The result of `library.stats`: what the library holds.
public struct LibraryStatsResult: Codable, Equatable, Sendable {
    public var tracks: Int
    public var albums: Int
    public var artists: Int
    public var genres: Int
    public var playlists: Int
    /// Podcast episodes and audiobook chapters.
    public var spokenWord: Int
    public var problems: Int
    /// Seconds of audio.
    public var totalDuration: Double
    /// When the last scan finished, Unix seconds.
    public var lastScan: Double?
    /// The directory scanned.
    public var musicDirectory: String

    /// Creates a result.
    public init(
        tracks: Int, albums: Int, artists: Int, genres: Int, playlists: Int, spokenWord: Int, problems: Int,
        totalDuration: Double, lastScan: Double?, musicDirectory: String
    ) {
        self.tracks = tracks
        self.albums = albums
        self.artists = artists
        self.genres = genres
        self.playlists = playlists
        self.spokenWord = spokenWord
        self.problems = problems
        self.totalDuration = totalDuration
        self.lastScan = lastScan
        self.musicDirectory = musicDirectory
    }
}

/// The content-limits context (SPEC §6): the params of `context.set`, the result of
/// `context.get` and `context.set`, and the params of `context.changed`.
public struct ContentLimitsPayload: Codable, Equatable, Sendable {
    public var enforced: Bool
    /// Most children `library.children` returns while enforced.
    public var itemLimit: Int
    /// Most index-path components reachable while enforced, counting the root level.
    public var depthLimit: Int

    /// Creates the context.
    public init(enforced: Bool, itemLimit: Int, depthLimit: Int) {
        self.enforced = enforced
        self.itemLimit = itemLimit
        self.depthLimit = depthLimit
    }
}

/// The params of `context.set`: fields left out keep their value.
public struct ContentLimitsChange: Codable, Equatable, Sendable {
    public var enforced: Bool?
    public var itemLimit: Int?
    public var depthLimit: Int?

    /// Creates a change.
    public init(enforced: Bool? = nil, itemLimit: Int? = nil, depthLimit: Int? = nil) {
        self.enforced = enforced
        self.itemLimit = itemLimit
        self.depthLimit = depthLimit
    }
}

/// The params of `library.scanProgress`.
public struct LibraryScanProgress: Codable, Equatable, Sendable {
    public var done: Int
    public var total: Int

    /// Creates the event.
    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}

/// The params of `player.playFromSearch`.
public struct PlayerPlayFromSearchParams: Codable, Equatable, Sendable {
    /// What the listener asked for ("the beatles", "abbey road", "jazz"); empty to resume what
    /// played last.
    public var query: String

    /// Creates params.
    public init(query: String) { self.query = query }
}

/// The result of `player.playFromSearch`.
public struct PlayerPlayFromSearchResult: Codable, Equatable, Sendable {
    /// `success`, or `noSuchContent` when nothing matches (or nothing played before, for an
    /// empty query), or why playing failed.
    public var status: RemoteCommandStatus
    /// What the query was taken to mean; absent for an empty query and when nothing matched.
    public var chosen: ContentItem?

    /// Creates a result.
    public init(status: RemoteCommandStatus, chosen: ContentItem? = nil) {
        self.status = status
        self.chosen = chosen
    }
}
