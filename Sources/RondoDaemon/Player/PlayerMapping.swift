import Audio
import ContentIdentifiers
import Foundation
import Library
import Playback
import PlaybackWire
import RondoProtocol
import RondoRouting
import TagReading

extension RemoteCommand {
    /// The command a `remote.send` request asks for.
    /// - Throws: invalid params when a command lacks a param it needs.
    init(_ params: RemoteSendParams) throws(RPCError) {
        switch params.command {
        case .play: self = .play
        case .pause: self = .pause
        case .togglePlayPause: self = .togglePlayPause
        case .stop: self = .stop
        case .nextTrack: self = .nextTrack
        case .previousTrack: self = .previousTrack
        case .changePlaybackPosition:
            guard let position = params.positionTime else {
                throw .invalidParams("changePlaybackPosition needs \"positionTime\" (seconds)")
            }
            self = .changePlaybackPosition(position)
        case .skipForward: self = .skipForward(interval: params.interval)
        case .skipBackward: self = .skipBackward(interval: params.interval)
        case .seekForward: self = .seekForward(try Self.phase(params))
        case .seekBackward: self = .seekBackward(try Self.phase(params))
        case .changePlaybackRate: self = .changePlaybackRate(params.playbackRate)
        case .changeRepeatMode: self = .changeRepeatMode(params.repeatType.map(RepeatMode.init))
        case .changeShuffleMode: self = .changeShuffleMode(params.shuffleType.map(ShuffleMode.init))
        case .like: self = .like(isActive: params.isActive)
        case .dislike: self = .dislike(isActive: params.isActive)
        case .bookmark: self = .bookmark(isActive: params.isActive)
        }
    }

    private static func phase(_ params: RemoteSendParams) throws(RPCError) -> SeekCommandType {
        guard let phase = params.type else {
            throw .invalidParams("\(params.command.rawValue) needs \"type\": \"begin\" or \"end\"")
        }
        return SeekCommandType(phase)
    }
}

extension RemoteCommandInfo {
    /// The wire form of one command of the player's command center.
    init(_ state: RemoteCommandState) {
        self.init(
            command: RemoteCommandName(state.command), enabled: state.enabled,
            supportedPlaybackRates: state.supportedPlaybackRates, currentPlaybackRate: state.currentPlaybackRate,
            preferredIntervals: state.preferredIntervals,
            currentRepeatType: state.currentRepeatType.map(RepeatTypeName.init),
            currentShuffleType: state.currentShuffleType.map(ShuffleTypeName.init),
            isActive: state.isActive)
    }
}

extension TrackMetadata {
    /// The metadata the player keeps, from the tags of a file.
    ///
    /// `externalContentIdentifier` is the file's ``TrackIdentifier``, as the library's item
    /// for it carries.
    /// - Parameters:
    ///   - tags: what the file's tags say.
    ///   - location: the file's absolute path.
    ///   - artworkURL: where the tags' picture was cached, `nil` for no artwork.
    init(_ tags: FileTags, location: String, artworkURL: String?) {
        self.init(
            title: tags.title, artist: tags.artist, albumTitle: tags.album, albumArtist: tags.albumArtist,
            genre: tags.genre, composer: tags.composer, albumTrackNumber: tags.trackNumber,
            discNumber: tags.discNumber, duration: tags.duration, isLiveStream: false,
            externalContentIdentifier: TrackIdentifier.make(path: location),
            artwork: artworkURL.map { url in
                Artwork(mimeType: tags.picture?.mimeType, width: tags.picture?.width, height: tags.picture?.height, url: url)
            })
        musicBrainz = tags.musicBrainz
    }
}

extension TrackMetadata {
    /// The metadata the player keeps, from the library's row for a track (as scanned): its
    /// tags, the cover the scan cached, and its identifier; for a podcast episode, its image
    /// and where its audio is (the downloaded copy, else the enclosure's address).
    init(_ track: CatalogTrack) {
        self.init(
            title: track.title, artist: track.artist, albumTitle: track.albumTitle, albumArtist: track.albumArtist,
            genre: track.genre, composer: track.composer, albumTrackNumber: track.trackNumber,
            discNumber: track.discNumber, duration: track.duration, isLiveStream: false,
            externalContentIdentifier: track.identifier,
            artwork: track.artwork.map { artwork in
                Artwork(
                    mimeType: artwork.mimeType, width: artwork.width, height: artwork.height,
                    url: URL(fileURLWithPath: artwork.path).absoluteString)
            } ?? track.episode?.imageURL.map { Artwork(mimeType: nil, width: nil, height: nil, url: $0) },
            assetLocation: track.episode.map { $0.downloadedPath ?? $0.audioURL })
        musicBrainz = track.musicBrainz
    }
}

extension NowPlayingInfoPayload {
    /// The wire form of the player's now-playing info.
    init(_ info: NowPlayingInfo) {
        self.init()
        let metadata = info.metadata
        title = metadata.title
        artist = metadata.artist
        albumTitle = metadata.albumTitle
        albumArtist = metadata.albumArtist
        genre = metadata.genre
        composer = metadata.composer
        albumTrackNumber = metadata.albumTrackNumber
        discNumber = metadata.discNumber
        playbackDuration = metadata.duration
        isLiveStream = metadata.isLiveStream
        streamTitle = metadata.streamTitle
        externalContentIdentifier = metadata.externalContentIdentifier
        artwork = metadata.artwork.map { ArtworkPayload(mimeType: $0.mimeType, width: $0.width, height: $0.height, url: $0.url) }
        elapsedPlaybackTime = info.elapsedPlaybackTime
        playbackRate = info.playbackRate
        defaultPlaybackRate = info.defaultPlaybackRate
        playbackQueueIndex = info.playbackQueueIndex
        playbackQueueCount = info.playbackQueueCount
        playbackProgress = info.playbackProgress
        mediaType = MediaTypeName(info.mediaType)
        assetURL = info.assetURL
        timestamp = info.timestamp
        chapterNumber = info.chapterNumber
        chapterCount = info.chapterCount
        chapterTitle = info.chapterTitle
        let identifiers = metadata.musicBrainz
        musicBrainzTrackID = identifiers.track
        musicBrainzAlbumID = identifiers.album
        musicBrainzArtistID = identifiers.artist
        musicBrainzAlbumArtistID = identifiers.albumArtist
        musicBrainzReleaseTrackID = identifiers.releaseTrack
        musicBrainzWorkID = identifiers.work
    }
}

extension NowPlayingState {
    /// The wire form of what the player publishes as now playing.
    init(_ nowPlaying: PlayerNowPlaying) {
        self.init(
            info: nowPlaying.info.map(NowPlayingInfoPayload.init) ?? NowPlayingInfoPayload(),
            playbackState: PlaybackStateName(nowPlaying.state), nowPlayingIdentifiers: nowPlaying.identifiers,
            volume: nowPlaying.volume, buffering: nowPlaying.buffering,
            sleep: nowPlaying.sleep.map { SleepState(endsAt: $0.endsAt, endOfItem: $0.endOfItem) })
    }
}
