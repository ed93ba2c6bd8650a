import RondoProtocol

/// Rondo's now playing as a Snapcast stream plug-in reports it
/// (`Plugin.Stream.Player.Properties`): the transport, the modes, the volume and the
/// position, what a Snapcast client may do, and the metadata of what plays.
enum SnapcastProperties {
    /// The properties of `nowPlaying` with the queue's modes.
    static func of(_ nowPlaying: NowPlayingState, queue: QueueGetResult) -> [String: Any] {
        let info = nowPlaying.info
        var properties: [String: Any] = [
            "playbackStatus": playbackStatus(nowPlaying.playbackState),
            "loopStatus": loopStatus(queue.repeat),
            "shuffle": queue.shuffle != .off,
            "volume": Int(((nowPlaying.volume ?? 1) * 100).rounded()),
            "mute": false,
            "rate": info.defaultPlaybackRate ?? 1,
            "canGoNext": queue.count > 0,
            "canGoPrevious": queue.count > 0,
            "canPlay": queue.count > 0,
            "canPause": nowPlaying.playbackState == .playing,
            "canSeek": info.playbackDuration != nil && info.isLiveStream != true,
            "canControl": true,
        ]
        if let elapsed = info.elapsedPlaybackTime { properties["position"] = elapsed }
        var metadata: [String: Any] = [:]
        if let title = info.streamTitle ?? info.title { metadata["title"] = title }
        if let artist = info.artist { metadata["artist"] = [artist] }
        if let album = info.albumTitle { metadata["album"] = album }
        if let albumArtist = info.albumArtist { metadata["albumArtist"] = [albumArtist] }
        if let genre = info.genre { metadata["genre"] = [genre] }
        if let duration = info.playbackDuration { metadata["duration"] = duration }
        if let track = info.albumTrackNumber { metadata["trackNumber"] = track }
        if let url = info.artwork?.url { metadata["artUrl"] = url }
        if let identifier = info.externalContentIdentifier { metadata["trackId"] = identifier }
        if !metadata.isEmpty { properties["metadata"] = metadata }
        return properties
    }

    private static func playbackStatus(_ state: PlaybackStateName) -> String {
        switch state {
        case .playing: "playing"
        case .paused, .interrupted: "paused"
        default: "stopped"
        }
    }

    private static func loopStatus(_ mode: RepeatTypeName) -> String {
        switch mode {
        case .off: "none"
        case .one: "track"
        case .all: "playlist"
        }
    }
}
