import Playback
import RondoProtocol

// The player's values and their wire names, one exhaustive switch each way they cross.

extension RemoteCommandStatus {
    /// The wire name of a command's status.
    init(_ status: CommandStatus) {
        switch status {
        case .success: self = .success
        case .noSuchContent: self = .noSuchContent
        case .noActionableNowPlayingItem: self = .noActionableNowPlayingItem
        case .deviceNotFound: self = .deviceNotFound
        case .commandFailed: self = .commandFailed
        }
    }
}

extension QueueGetResult {
    /// The wire's page of the queue.
    init(_ page: QueuePage) {
        self.init(
            items: page.entries.map {
                QueueItem(
                    position: $0.position, assetURL: $0.assetURL, title: $0.title, artist: $0.artist, albumTitle: $0.albumTitle,
                    playbackDuration: $0.duration)
            }, index: page.index, count: page.count, shuffle: ShuffleTypeName(page.shuffle), repeat: RepeatTypeName(page.repeatMode))
    }
}

extension PlayerOutputs {
    /// The wire's list of outputs.
    init(_ list: OutputList) {
        self.init(
            outputs: list.outputs.map { OutputInfo(name: $0.name, description: $0.description, isDefault: $0.isDefault, inUse: $0.inUse) },
            pinned: list.pinned)
    }
}

extension VolumeChange {
    /// The change `player.setVolume` asks for.
    /// - Throws: `badParam` unless exactly one of `volume` and `change` is given.
    init(_ params: PlayerSetVolumeParams) throws(RPCError) {
        switch (params.volume, params.change) {
        case (let level?, nil): self = .to(level)
        case (nil, let step?): self = .by(step)
        default: throw RPCError(.badParam, "give either volume (0 to 1) or change (-1 to 1), not both")
        }
    }
}

extension ChaptersResult {
    /// The wire's list of chapters.
    init(_ list: ChapterList) {
        self.init(
            chapters: list.chapters.map { ChapterPayload(index: $0.index, title: $0.title, start: $0.start, duration: $0.duration) },
            current: list.current)
    }
}

extension ChapterMove {
    /// The move `player.chapter` asks for.
    /// - Throws: `badParam` for neither or both of index and step.
    init(_ params: ChapterParams) throws(RPCError) {
        switch (params.index, params.step) {
        case (let index?, nil): self = .to(index)
        case (nil, .next?): self = .next
        case (nil, .previous?): self = .previous
        default: throw RPCError(.badParam, "give either index (a chapter's number, from 0) or step (next or previous)")
        }
    }
}

extension SleepRequest {
    /// What `player.sleep` asks for.
    /// - Throws: `badParam` unless exactly one of minutes, `endOfItem: true` and `off: true` is given.
    init(_ params: PlayerSleepParams) throws(RPCError) {
        switch (params.minutes, params.endOfItem, params.off) {
        case (let minutes?, nil, nil): self = .minutes(minutes)
        case (nil, true, nil): self = .endOfItem
        case (nil, nil, true): self = .off
        default: throw RPCError(.badParam, "give one of minutes, endOfItem: true or off: true")
        }
    }
}

extension RouteChangeReasonName {
    /// The wire name of why the player's output changed.
    init(_ change: RouteChange) {
        switch change {
        case .override: self = .override
        case .audioServerLost: self = .audioServerLost
        case .audioServerRestored: self = .audioServerRestored
        }
    }
}

extension RemoteSendResult {
    /// The wire's answer to a remote command.
    init(_ result: CommandResult) {
        self.init(status: RemoteCommandStatus(result.status), reason: result.reason.map(CommandFailureReasonName.init))
    }
}

extension CommandFailureReasonName {
    /// The wire name of why the command center refused a command.
    init(_ reason: CommandFailureReason) {
        switch reason {
        case .disabled: self = .disabled
        case .unsupportedPlaybackRate: self = .unsupportedPlaybackRate
        case .insufficientPriority: self = .insufficientPriority
        case .cannotInterruptOthers: self = .cannotInterruptOthers
        case .pulseUnavailable: self = .pulseUnavailable
        }
    }
}

extension PlaybackStateName {
    /// The wire name of the player's state.
    init(_ state: PlaybackState) {
        switch state {
        case .playing: self = .playing
        case .paused: self = .paused
        case .stopped: self = .stopped
        case .interrupted: self = .interrupted
        case .unknown: self = .unknown
        }
    }
}

extension MediaTypeName {
    /// The wire name of an item's media type.
    init(_ type: NowPlayingMediaType) {
        switch type {
        case .audio: self = .audio
        }
    }
}

extension RemoteCommandName {
    /// The wire name of a command of the command center.
    init(_ kind: RemoteCommandKind) {
        switch kind {
        case .play: self = .play
        case .pause: self = .pause
        case .togglePlayPause: self = .togglePlayPause
        case .stop: self = .stop
        case .nextTrack: self = .nextTrack
        case .previousTrack: self = .previousTrack
        case .changePlaybackPosition: self = .changePlaybackPosition
        case .skipForward: self = .skipForward
        case .skipBackward: self = .skipBackward
        case .seekForward: self = .seekForward
        case .seekBackward: self = .seekBackward
        case .changePlaybackRate: self = .changePlaybackRate
        case .changeRepeatMode: self = .changeRepeatMode
        case .changeShuffleMode: self = .changeShuffleMode
        case .like: self = .like
        case .dislike: self = .dislike
        case .bookmark: self = .bookmark
        }
    }
}

extension RemoteCommandKind {
    /// The command of the command center a wire name stands for.
    init(_ name: RemoteCommandName) {
        switch name {
        case .play: self = .play
        case .pause: self = .pause
        case .togglePlayPause: self = .togglePlayPause
        case .stop: self = .stop
        case .nextTrack: self = .nextTrack
        case .previousTrack: self = .previousTrack
        case .changePlaybackPosition: self = .changePlaybackPosition
        case .skipForward: self = .skipForward
        case .skipBackward: self = .skipBackward
        case .seekForward: self = .seekForward
        case .seekBackward: self = .seekBackward
        case .changePlaybackRate: self = .changePlaybackRate
        case .changeRepeatMode: self = .changeRepeatMode
        case .changeShuffleMode: self = .changeShuffleMode
        case .like: self = .like
        case .dislike: self = .dislike
        case .bookmark: self = .bookmark
        }
    }
}

extension RepeatTypeName {
    /// The wire name of a repeat mode.
    init(_ mode: RepeatMode) {
        switch mode {
        case .off: self = .off
        case .one: self = .one
        case .all: self = .all
        }
    }
}

extension RepeatMode {
    /// The repeat mode a wire name stands for.
    init(_ name: RepeatTypeName) {
        switch name {
        case .off: self = .off
        case .one: self = .one
        case .all: self = .all
        }
    }
}

extension ShuffleTypeName {
    /// The wire name of a shuffle mode.
    init(_ mode: ShuffleMode) {
        switch mode {
        case .off: self = .off
        case .items: self = .items
        case .collections: self = .collections
        }
    }
}

extension ShuffleMode {
    /// The shuffle mode a wire name stands for.
    init(_ name: ShuffleTypeName) {
        switch name {
        case .off: self = .off
        case .items: self = .items
        case .collections: self = .collections
        }
    }
}

extension SeekCommandType {
    /// The scan phase a wire name stands for.
    init(_ phase: SeekCommandPhase) {
        switch phase {
        case .begin: self = .begin
        case .end: self = .end
        }
    }
}
