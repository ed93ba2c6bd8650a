/// One command as `remote.list` shows it: its name, its enabled flag, and the properties
/// that command has (the others are `nil`), named as SPEC §4 names them.
public struct RemoteCommandState: Equatable, Sendable {
    /// The command.
    public var command: RemoteCommandKind
    /// Whether the command is executed when sent.
    public var enabled: Bool
    /// `skipForward`, `skipBackward`: the offered intervals in seconds.
    public var preferredIntervals: [Double]?
    /// `changePlaybackRate`: the rates it accepts.
    public var supportedPlaybackRates: [Double]?
    /// `changePlaybackRate`: the chosen rate.
    public var currentPlaybackRate: Double?
    /// `changeRepeatMode`: the repeat mode in force.
    public var currentRepeatType: RepeatMode?
    /// `changeShuffleMode`: the shuffle mode in force.
    public var currentShuffleType: ShuffleMode?
    /// `like`, `dislike`, `bookmark`: whether the current item has this feedback (`false`
    /// with nothing current).
    public var isActive: Bool?
    /// `like`, `dislike`, `bookmark`: the title a remote shows.
    public var localizedTitle: String?

    /// Creates a command's state with no properties.
    /// - Parameters:
    ///   - command: the command.
    ///   - enabled: whether it is enabled.
    public init(command: RemoteCommandKind, enabled: Bool) {
        self.command = command
        self.enabled = enabled
    }
}
