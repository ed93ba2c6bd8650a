/// One command of the remote-command center as `remote.list` shows it (SPEC §4): its name,
/// whether it is enabled, and the properties that apply to it.
public struct RemoteCommandInfo: Codable, Equatable, Sendable {
    /// The command.
    public var command: RemoteCommandName
    /// Whether it runs; a disabled command answers `commandFailed` / `disabled`.
    public var enabled: Bool
    /// `changePlaybackRate`: the rates it accepts.
    public var supportedPlaybackRates: [Double]?
    /// `changePlaybackRate`: the rate now.
    public var currentPlaybackRate: Double?
    /// `skipForward`/`skipBackward`: the intervals a client should offer, in seconds.
    public var preferredIntervals: [Double]?
    /// `changeRepeatMode`: the mode now.
    public var currentRepeatType: RepeatTypeName?
    /// `changeShuffleMode`: the mode now.
    public var currentShuffleType: ShuffleTypeName?
    /// `like`/`dislike`/`bookmark`: whether the current item carries this feedback.
    public var isActive: Bool?

    /// Creates an entry.
    public init(
        command: RemoteCommandName, enabled: Bool, supportedPlaybackRates: [Double]? = nil,
        currentPlaybackRate: Double? = nil, preferredIntervals: [Double]? = nil,
        currentRepeatType: RepeatTypeName? = nil, currentShuffleType: ShuffleTypeName? = nil, isActive: Bool? = nil
    ) {
        self.command = command
        self.enabled = enabled
        self.supportedPlaybackRates = supportedPlaybackRates
        self.currentPlaybackRate = currentPlaybackRate
        self.preferredIntervals = preferredIntervals
        self.currentRepeatType = currentRepeatType
        self.currentShuffleType = currentShuffleType
        self.isActive = isActive
    }
}

/// The params of `remote.setEnabled`.
public struct RemoteSetEnabledParams: Codable, Equatable, Sendable {
    /// The command to enable or disable.
    public var command: RemoteCommandName
    /// Its new flag.
    public var enabled: Bool

    /// Creates params.
    public init(command: RemoteCommandName, enabled: Bool) {
        self.command = command
        self.enabled = enabled
    }
}

/// The params of `remote.changed`: every command with its flag and properties.
public struct RemoteChanged: Codable, Equatable, Sendable {
    /// The commands, as `remote.list` returns them.
    public var commands: [RemoteCommandInfo]

    /// Creates params.
    public init(commands: [RemoteCommandInfo]) { self.commands = commands }
}
