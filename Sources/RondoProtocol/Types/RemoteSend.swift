/// The names of the remote commands (SPEC §4) that `remote.send` accepts.
public enum RemoteCommandName: String, WireName {
    case play, pause, togglePlayPause, stop, nextTrack, previousTrack
    case changePlaybackPosition, skipForward, skipBackward, seekForward, seekBackward
    case changePlaybackRate, changeRepeatMode, changeShuffleMode
    case like, dislike, bookmark
}

/// `seekForward`/`seekBackward`: the scan starts (`begin`) or ends (`end`).
public enum SeekCommandPhase: String, WireName {
    case begin, end
}

/// A repeat mode on the wire: `off`, `one` or `all`.
public enum RepeatTypeName: String, WireName {
    case off, one, all
}

/// A shuffle mode on the wire: `off`, `items` or `collections`.
public enum ShuffleTypeName: String, WireName {
    case off, items, collections
}

/// The params of `remote.send`: the command and its own params, side by side.
public struct RemoteSendParams: Codable, Equatable, Sendable {
    /// The command to run.
    public var command: RemoteCommandName
    /// `changePlaybackPosition`: the absolute position in seconds.
    public var positionTime: Double?
    /// `skipForward`/`skipBackward`: the interval in seconds (default: the preferred one).
    public var interval: Double?
    /// `seekForward`/`seekBackward`: whether the scan begins or ends.
    public var type: SeekCommandPhase?
    /// `changePlaybackRate`: the rate; absent cycles to the next supported rate.
    public var playbackRate: Double?
    /// `changeRepeatMode`: the mode; absent cycles off → all → one → off.
    public var repeatType: RepeatTypeName?
    /// `changeShuffleMode`: the mode; absent cycles off → items → collections → off.
    public var shuffleType: ShuffleTypeName?
    /// `like`/`dislike`/`bookmark`: set (`true`) or clear (`false`); absent toggles.
    public var isActive: Bool?

    /// Creates params.
    public init(
        command: RemoteCommandName, positionTime: Double? = nil, interval: Double? = nil,
        type: SeekCommandPhase? = nil, playbackRate: Double? = nil, repeatType: RepeatTypeName? = nil,
        shuffleType: ShuffleTypeName? = nil, isActive: Bool? = nil
    ) {
        self.command = command
        self.positionTime = positionTime
        self.interval = interval
        self.type = type
        self.playbackRate = playbackRate
        self.repeatType = repeatType
        self.shuffleType = shuffleType
        self.isActive = isActive
    }
}

/// The result of `remote.send`: an MPRemoteCommandHandlerStatus name, and why it failed.
public struct RemoteSendResult: Codable, Equatable, Sendable {
    /// Whether the command was carried out, and if not, what kind of failure it was.
    public var status: RemoteCommandStatus
    /// Why the command failed, when it did (e.g. `disabled`).
    public var reason: CommandFailureReasonName?

    /// Creates a result.
    public init(status: RemoteCommandStatus, reason: CommandFailureReasonName? = nil) {
        self.status = status
        self.reason = reason
    }
}
