/// Why a command answered `commandFailed` (or `deviceNotFound`): the command center's own
/// reasons, and the player's audio session's and output's.
public enum CommandFailureReason: String, Sendable, CaseIterable {
    /// The command is disabled in the remote-command center; nothing was done.
    case disabled
    /// `changePlaybackRate` asked for a rate outside `supportedPlaybackRates`.
    case unsupportedPlaybackRate
    /// The player's audio session may not start: a call is active.
    case insufficientPriority
    /// The policy refuses the player's audio session over what plays now.
    case cannotInterruptOthers
    /// No audio server answers, so nothing can be heard (with `deviceNotFound`).
    case pulseUnavailable
}
