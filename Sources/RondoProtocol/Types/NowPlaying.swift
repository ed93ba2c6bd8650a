/// The now-playing dictionary on the wire (SPEC §3); a missing key means unknown.
public struct NowPlayingInfoPayload: Codable, Equatable, Sendable {
    public var title: String?
    public var artist: String?
    public var albumTitle: String?
    public var albumTrackNumber: Int?
    public var playbackDuration: Double?
    public var elapsedPlaybackTime: Double?
    public var playbackRate: Double?
    public var defaultPlaybackRate: Double?
    public var playbackQueueIndex: Int?
    public var playbackQueueCount: Int?
    public var mediaType: String?
    public var assetURL: String?
    /// When `elapsedPlaybackTime` was exact, in Unix seconds.
    public var timestamp: Double?

    /// Creates an empty dictionary (nothing is playing).
    public init() {}
}

/// The result of `nowPlaying.get` and the params of the `nowPlaying.changed` event.
public struct NowPlayingState: Codable, Equatable, Sendable {
    public var info: NowPlayingInfoPayload
    /// `playing`, `paused`, `stopped`, `interrupted` or `unknown`.
    public var playbackState: String
    /// Identifiers of the playing item and its containers, for a browser to mark it.
    public var nowPlayingIdentifiers: [String]?

    /// Creates the state.
    public init(info: NowPlayingInfoPayload, playbackState: String, nowPlayingIdentifiers: [String]? = nil) {
        self.info = info
        self.playbackState = playbackState
        self.nowPlayingIdentifiers = nowPlayingIdentifiers
    }
}
