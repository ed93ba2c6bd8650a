public import Playback
public import RondoProtocol

// The player's values and their wire names, one exhaustive switch each way they cross:
// every front end that words the player's values in the wire's names uses these.

extension RemoteCommandStatus {
    /// The wire name of a command's status.
    public init(_ status: CommandStatus) {
        switch status {
        case .success: self = .success
        case .noSuchContent: self = .noSuchContent
        case .noActionableNowPlayingItem: self = .noActionableNowPlayingItem
        case .deviceNotFound: self = .deviceNotFound
        case .commandFailed: self = .commandFailed
        }
    }
}

extension RouteChangeReasonName {
    /// The wire name of why the player's output changed.
    public init(_ change: RouteChange) {
        switch change {
        case .override: self = .override
        case .audioServerLost: self = .audioServerLost
        case .audioServerRestored: self = .audioServerRestored
        }
    }
}

extension CommandFailureReasonName {
    /// The wire name of why the command center refused a command.
    public init(_ reason: CommandFailureReason) {
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
    public init(_ state: PlaybackState) {
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
    public init(_ type: NowPlayingMediaType) {
        switch type {
        case .audio: self = .audio
        }
    }
}

extension RemoteCommandName {
    /// The wire name of a command of the command center.
    public init(_ kind: RemoteCommandKind) {
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
    public init(_ name: RemoteCommandName) {
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
    public init(_ mode: RepeatMode) {
        switch mode {
        case .off: self = .off
        case .one: self = .one
        case .all: self = .all
        }
    }
}

extension RepeatMode {
    /// The repeat mode a wire name stands for.
    public init(_ name: RepeatTypeName) {
        switch name {
        case .off: self = .off
        case .one: self = .one
        case .all: self = .all
        }
    }
}

extension ShuffleTypeName {
    /// The wire name of a shuffle mode.
    public init(_ mode: ShuffleMode) {
        switch mode {
        case .off: self = .off
        case .items: self = .items
        case .collections: self = .collections
        }
    }
}

extension ShuffleMode {
    /// The shuffle mode a wire name stands for.
    public init(_ name: ShuffleTypeName) {
        switch name {
        case .off: self = .off
        case .items: self = .items
        case .collections: self = .collections
        }
    }
}

extension SeekCommandType {
    /// The scan phase a wire name stands for.
    public init(_ phase: SeekCommandPhase) {
        switch phase {
        case .begin: self = .begin
        case .end: self = .end
        }
    }
}

extension ErrorCode {
    /// The domain error code of the player's refusal of a command.
    public init(_ code: PlayerCommandError.Code) {
        switch code {
        case .badParam: self = .badParam
        case .notFound: self = .notFound
        case .indexOutOfRange: self = .indexOutOfRange
        case .pulseUnavailable: self = .pulseUnavailable
        case .insufficientPriority: self = .insufficientPriority
        case .cannotInterruptOthers: self = .cannotInterruptOthers
        case .noSuchSession: self = .noSuchSession
        case .sessionNotActive: self = .sessionNotActive
        case .isBusy: self = .isBusy
        case .decodeFailed: self = .decodeFailed
        case .unreachable: self = .unreachable
        }
    }
}
