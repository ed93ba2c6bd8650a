import Audio
import Playback
import RondoProtocol

extension RemoteCommand {
    /// The command a `remote.send` request asks for.
    init(_ params: RemoteSendParams) {
        switch params.command {
        case .play: self = .play
        case .pause: self = .pause
        case .togglePlayPause: self = .togglePlayPause
        case .stop: self = .stop
        case .nextTrack: self = .nextTrack
        case .previousTrack: self = .previousTrack
        case .changePlaybackPosition: self = .changePlaybackPosition(params.positionTime ?? 0)
        case .skipForward: self = .skipForward(interval: params.interval)
        case .skipBackward: self = .skipBackward(interval: params.interval)
        }
    }
}

extension TrackMetadata {
    /// The metadata the player keeps, from the tags of a file.
    init(_ tags: FileTags) {
        self.init(
            title: tags.title, artist: tags.artist, albumTitle: tags.album,
            albumTrackNumber: tags.trackNumber, duration: tags.duration)
    }
}

extension NowPlayingInfoPayload {
    /// The wire form of the player's now-playing info.
    init(_ info: NowPlayingInfo) {
        self.init()
        title = info.metadata.title
        artist = info.metadata.artist
        albumTitle = info.metadata.albumTitle
        albumTrackNumber = info.metadata.albumTrackNumber
        playbackDuration = info.metadata.duration
        elapsedPlaybackTime = info.elapsedPlaybackTime
        playbackRate = info.playbackRate
        defaultPlaybackRate = info.defaultPlaybackRate
        playbackQueueIndex = info.playbackQueueIndex
        playbackQueueCount = info.playbackQueueCount
        mediaType = "audio"
        assetURL = info.assetURL
        timestamp = info.timestamp
    }
}
