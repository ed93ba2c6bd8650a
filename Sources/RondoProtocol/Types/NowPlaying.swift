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
    /// The MusicBrainz identifiers the item's tags carry: its recording, release, artist,
    /// release artist, track on the release, and work.
    public var musicBrainzTrackID: String?
    public var musicBrainzAlbumID: String?
    public var musicBrainzArtistID: String?
    public var musicBrainzAlbumArtistID: String?
    public var musicBrainzReleaseTrackID: String?
    public var musicBrainzWorkID: String?

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
    /// The sleep timer, while one is set (`player.sleep`, SPEC §15).
    public var sleep: SleepState?

    /// Creates the state.
    public init(
        info: NowPlayingInfoPayload, playbackState: PlaybackStateName, nowPlayingIdentifiers: [String]? = nil, volume: Double? = nil,
        buffering: Bool = false, sleep: SleepState? = nil
    ) {
        self.info = info
        self.playbackState = playbackState
        self.nowPlayingIdentifiers = nowPlayingIdentifiers
        self.volume = volume
        self.buffering = buffering
        self.sleep = sleep
    }
}

/// A sleep timer as `player.sleep` answers it and `nowPlaying.get` shows it: when the music
/// fades out and pauses.
public struct SleepState: Codable, Equatable, Sendable {
    /// When the music pauses, in Unix seconds (it fades over the 10 s before); absent for a
    /// timer at the end of an item that is paused now, whose end is not known yet.
    public var endsAt: Double?
    /// Whether it ends with the item playing (or its chapter) rather than at a time.
    public var endOfItem: Bool

    /// Creates the state.
    public init(endsAt: Double?, endOfItem: Bool) {
        self.endsAt = endsAt
        self.endOfItem = endOfItem
    }
}

/// The params of `player.sleep`: exactly one of the three.
public struct PlayerSleepParams: Codable, Equatable, Sendable {
    /// Minutes from now (more than 0, at most a day).
    public var minutes: Double?
    /// `true`: when the item playing, or its chapter for a book, ends.
    public var endOfItem: Bool?
    /// `true`: no timer.
    public var off: Bool?

    /// Creates params.
    public init(minutes: Double? = nil, endOfItem: Bool? = nil, off: Bool? = nil) {
        self.minutes = minutes
        self.endOfItem = endOfItem
        self.off = off
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
