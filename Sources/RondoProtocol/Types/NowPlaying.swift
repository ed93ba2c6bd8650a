/// The now-playing dictionary on the wire (SPEC §3); a missing key means unknown.
public struct NowPlayingInfoPayload: Codable, Equatable, Sendable {
    public var title: String?
    public var artist: String?
    public var albumTitle: String?
    public var albumArtist: String?
    public var genre: String?
    public var composer: String?
    public var albumTrackNumber: Int?
    public var discNumber: Int?
    public var playbackDuration: Double?
    public var elapsedPlaybackTime: Double?
    public var playbackRate: Double?
    public var defaultPlaybackRate: Double?
    public var playbackQueueIndex: Int?
    public var playbackQueueCount: Int?
    public var mediaType: MediaTypeName?
    public var isLiveStream: Bool?
    /// What a live stream says it plays now, as it says it (SPEC §10); `title` and
    /// `artist` are taken from it.
    public var streamTitle: String?
    public var assetURL: String?
    public var externalContentIdentifier: String?
    /// Elapsed time as a fraction of the duration, 0…1.
    public var playbackProgress: Double?
    public var artwork: ArtworkPayload?
    /// When `elapsedPlaybackTime` was exact, in Unix seconds.
    public var timestamp: Double?
    /// The chapter playing, from 0 (SPEC §11); absent without chapters.
    public var chapterNumber: Int?
    /// How many chapters the item has.
    public var chapterCount: Int?
    /// The chapter playing's title, when it has one.
    public var chapterTitle: String?

    /// Creates an empty dictionary (nothing is playing).
    public init() {}
}

/// The result of `nowPlaying.get` and the params of the `nowPlaying.changed` event.
public struct NowPlayingState: Codable, Equatable, Sendable {
    public var info: NowPlayingInfoPayload
    /// `playing`, `paused`, `stopped`, `interrupted` or `unknown`.
    public var playbackState: PlaybackStateName
    /// Identifiers of the playing item and its containers, for a browser to mark it.
    public var nowPlayingIdentifiers: [String]?
    /// The listener's volume for the player, 0 to 1 (`player.setVolume`).
    public var volume: Double?
    /// Whether playing waits for the network (SPEC §10).
    public var buffering: Bool

    /// Creates the state.
    public init(
        info: NowPlayingInfoPayload, playbackState: PlaybackStateName, nowPlayingIdentifiers: [String]? = nil, volume: Double? = nil,
        buffering: Bool = false
    ) {
        self.info = info
        self.playbackState = playbackState
        self.nowPlayingIdentifiers = nowPlayingIdentifiers
        self.volume = volume
        self.buffering = buffering
    }
}

/// The artwork of the now-playing item: a file the daemon extracted, and its picture format.
public struct ArtworkPayload: Codable, Equatable, Sendable {
    /// `image/jpeg`, `image/png`, …
    public var mimeType: String?
    /// Width in pixels, when known.
    public var width: Int?
    /// Height in pixels, when known.
    public var height: Int?
    /// A `file://` URL of the picture.
    public var url: String

    /// Creates the payload.
    public init(mimeType: String?, width: Int?, height: Int?, url: String) {
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.url = url
    }
}
