public import Playback
import TagReading

/// What the MPRIS `Player` interface shows, computed from the daemon's now-playing state and
/// its remote-command center: one value, so that a property read, a change and the
/// `PropertiesChanged` signal always agree.
///
/// Pure: the position is extrapolated at a time passed in.
public struct MPRISSnapshot: Equatable, Sendable {
    /// `Playing`, `Paused` (also while interrupted) or `Stopped`.
    public var playbackStatus: String
    /// `None`, `Track` or `Playlist`.
    public var loopStatus: String
    /// Whether the play order is shuffled.
    public var shuffle: Bool
    /// The rate playback runs at when playing; never 0.
    public var rate: Double
    /// The rates `Rate` takes, slowest first.
    public var supportedRates: [Double]
    /// The slowest rate `Rate` takes.
    public var minimumRate: Double { supportedRates.first ?? 1 }
    /// The fastest rate `Rate` takes.
    public var maximumRate: Double { supportedRates.last ?? 1 }
    /// The listener's volume, 0 to 1.
    public var volume: Double
    /// The `Metadata` dictionary, sorted by key.
    public var metadata: [(key: String, value: MPRISValue)]
    /// The current track's `mpris:trackid`.
    public var trackID: String
    /// The track's length in seconds, when known.
    public var duration: Double?
    /// `CanGoNext`, `CanGoPrevious`, `CanPlay`, `CanPause`: the commands' enabled flags.
    public var canGoNext: Bool
    public var canGoPrevious: Bool
    public var canPlay: Bool
    public var canPause: Bool
    /// `CanSeek`: seeking is enabled and the track has a known length.
    public var canSeek: Bool
    /// The position at `anchorTime` (Unix seconds), in seconds, and how fast it moves.
    private var anchorPosition: Double
    private var anchorTime: Double
    private var positionSpeed: Double

    /// The `mpris:trackid` of "no track", as the specification spells it.
    public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    /// Where track ids live: outside `/org/mpris/`, which the specification reserves.
    public static let trackPathPrefix = "/org/rondo/track/"

    /// Reads the snapshot off the player's state.
    /// - Parameters:
    ///   - state: the now playing the player published.
    ///   - commands: the remote commands, with their enabled flags and current modes.
    public init(state: PlayerNowPlaying, commands: [RemoteCommandState]) {
        let info = state.info
        let command = Dictionary(commands.map { ($0.command, $0) }, uniquingKeysWith: { first, _ in first })
        func enabled(_ kind: RemoteCommandKind) -> Bool { command[kind]?.enabled ?? false }
        playbackStatus =
            switch state.state {
            case .playing: "Playing"
            case .paused, .interrupted: "Paused"
            case .stopped, .unknown: "Stopped"
            }
        loopStatus =
            switch command[.changeRepeatMode]?.currentRepeatType {
            case .one: "Track"
            case .all: "Playlist"
            default: "None"
            }
        shuffle = (command[.changeShuffleMode]?.currentShuffleType ?? .off) != .off
        let rates = (command[.changePlaybackRate]?.supportedPlaybackRates ?? []).filter { $0 > 0 }.sorted()
        supportedRates = rates.isEmpty ? [1] : rates
        let chosenRate = command[.changePlaybackRate]?.currentPlaybackRate ?? info?.defaultPlaybackRate ?? 1
        rate = chosenRate > 0 ? chosenRate : 1
        volume = min(1, max(0, state.volume))
        trackID = info.map { Self.trackID(index: $0.playbackQueueIndex, url: $0.assetURL) } ?? Self.noTrack
        duration = info?.metadata.duration
        metadata = Self.metadata(info, trackID: trackID)
        // The command center's flags, as a car's buttons show them: a command that finds
        // nothing to act on (play with an empty queue) answers an error instead.
        canGoNext = enabled(.nextTrack)
        canGoPrevious = enabled(.previousTrack)
        canPlay = enabled(.play) || enabled(.togglePlayPause)
        canPause = enabled(.pause) || enabled(.togglePlayPause)
        canSeek =
            (info.map { $0.metadata.isLiveStream != true && $0.metadata.duration != nil } ?? false)
            && enabled(.changePlaybackPosition)
        anchorPosition = info?.elapsedPlaybackTime ?? 0
        anchorTime = info?.timestamp ?? 0
        positionSpeed = state.state == .playing ? (info?.playbackRate ?? 0) : 0
    }

    /// The supported rate nearest to `rate` (the faster one of two as near).
    public func nearestRate(to rate: Double) -> Double {
        supportedRates.min { abs($0 - rate) < abs($1 - rate) || (abs($0 - rate) == abs($1 - rate) && $0 > $1) } ?? 1
    }

    /// The position at `now` (Unix seconds) in seconds, within the track.
    public func position(at now: Double) -> Double {
        ElapsedAnchor(elapsed: anchorPosition, at: anchorTime, rate: positionSpeed, duration: duration).elapsed(at: now)
    }

    /// The `Position` property at `now`: microseconds.
    public func positionMicroseconds(at now: Double) -> Int64 { Self.microseconds(position(at: now)) }

    /// Seconds as D-Bus microseconds, clamped to what an `x` holds.
    static func microseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1_000_000).rounded()
        guard value.isFinite else { return 0 }
        return Int64(max(0, min(value, 9.2e18)))
    }

    /// The `Player` properties whose values differ between `self` and `newer`, in the
    /// interface's order; `Position` is never among them (it moves by itself).
    public func changedProperties(to newer: MPRISSnapshot) -> [String] {
        var names: [String] = []
        if playbackStatus != newer.playbackStatus { names.append("PlaybackStatus") }
        if loopStatus != newer.loopStatus { names.append("LoopStatus") }
        if rate != newer.rate { names.append("Rate") }
        if shuffle != newer.shuffle { names.append("Shuffle") }
        if !metadata.elementsEqual(newer.metadata, by: { $0.key == $1.key && $0.value == $1.value }) {
            names.append("Metadata")
        }
        if volume != newer.volume { names.append("Volume") }
        if minimumRate != newer.minimumRate { names.append("MinimumRate") }
        if maximumRate != newer.maximumRate { names.append("MaximumRate") }
        if canGoNext != newer.canGoNext { names.append("CanGoNext") }
        if canGoPrevious != newer.canGoPrevious { names.append("CanGoPrevious") }
        if canPlay != newer.canPlay { names.append("CanPlay") }
        if canPause != newer.canPause { names.append("CanPause") }
        if canSeek != newer.canSeek { names.append("CanSeek") }
        return names
    }

    /// The position to announce with `Seeked` when `newer` jumped within the same track
    /// (a seek, a skip, previous restarting the track, a repeat-one loop): its position
    /// differs from where `self` would have moved by then by more than half a second.
    /// - Returns: the new position in microseconds, or `nil` when nothing jumped.
    public func seekedPosition(to newer: MPRISSnapshot) -> Int64? {
        guard trackID == newer.trackID, newer.trackID != Self.noTrack else { return nil }
        let expected = position(at: newer.anchorTime)
        guard abs(newer.anchorPosition - expected) > Self.jumpThreshold else { return nil }
        return Self.microseconds(newer.position(at: newer.anchorTime))
    }

    /// How far a position must move unexpectedly to count as a jump, in seconds.
    static let jumpThreshold = 0.5

    /// The track id of the queue entry at `index` playing `url`: an object path under
    /// ``trackPathPrefix`` that changes when another track takes the index.
    static func trackID(index: Int, url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return trackPathPrefix + "q\(index)_" + String(hash, radix: 16)
    }

    private static func metadata(_ info: NowPlayingInfo?, trackID: String) -> [(key: String, value: MPRISValue)] {
        var entries: [(key: String, value: MPRISValue)] = [("mpris:trackid", .objectPath(trackID))]
        guard let info else { return entries }
        let tags = info.metadata
        if let duration = tags.duration { entries.append(("mpris:length", .int64(microseconds(duration)))) }
        if let url = tags.artwork?.url { entries.append(("mpris:artUrl", .string(url))) }
        if let title = tags.title { entries.append(("xesam:title", .string(title))) }
        if let artist = tags.artist { entries.append(("xesam:artist", .strings([artist]))) }
        if let albumArtist = tags.albumArtist { entries.append(("xesam:albumArtist", .strings([albumArtist]))) }
        if let album = tags.albumTitle { entries.append(("xesam:album", .string(album))) }
        if let composer = tags.composer { entries.append(("xesam:composer", .strings([composer]))) }
        if let genre = tags.genre { entries.append(("xesam:genre", .strings([genre]))) }
        if let number = tags.albumTrackNumber, let value = Int32(exactly: number) {
            entries.append(("xesam:trackNumber", .int32(value)))
        }
        if let number = tags.discNumber, let value = Int32(exactly: number) {
            entries.append(("xesam:discNumber", .int32(value)))
        }
        entries.append(("xesam:url", .string(info.assetURL)))
        // xesam's MusicBrainz keys: the recording's and release's ids as strings, the
        // artists' as lists.
        let identifiers = tags.musicBrainz
        if let id = identifiers.track { entries.append(("xesam:musicBrainzTrackID", .string(id))) }
        if let id = identifiers.album { entries.append(("xesam:musicBrainzAlbumID", .string(id))) }
        if let id = identifiers.artist { entries.append(("xesam:musicBrainzArtistID", .strings([id]))) }
        if let id = identifiers.albumArtist { entries.append(("xesam:musicBrainzAlbumArtistID", .strings([id]))) }
        return entries.sorted { $0.key < $1.key }
    }
}

extension MPRISSnapshot {
    public static func == (left: MPRISSnapshot, right: MPRISSnapshot) -> Bool {
        left.changedProperties(to: right).isEmpty && left.trackID == right.trackID
            && left.anchorPosition == right.anchorPosition && left.anchorTime == right.anchorTime
            && left.positionSpeed == right.positionSpeed && left.duration == right.duration
    }
}
