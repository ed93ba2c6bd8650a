/// Why a command answered `commandFailed`, as `remote.send`'s `reason` names it.
public enum CommandFailureReason: String, Sendable, CaseIterable {
    /// The command is disabled in the remote-command center; nothing was done.
    case disabled
    /// `changePlaybackRate` asked for a rate outside `supportedPlaybackRates`.
    case unsupportedPlaybackRate
}
