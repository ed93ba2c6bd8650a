/// Why a remote command answered `commandFailed` (or `deviceNotFound`): the `reason` of a
/// `remote.send` result.
public enum CommandFailureReasonName: String, WireName {
    /// The command is disabled in the remote-command center; nothing was done.
    case disabled
    /// `changePlaybackRate` asked for a rate outside `supportedPlaybackRates`.
    case unsupportedPlaybackRate
    /// The player's audio session may not start: a call is active (SPEC §5).
    case insufficientPriority
    /// The policy refuses the player's audio session over what plays now.
    case cannotInterruptOthers
    /// No audio server answers, so nothing can be heard.
    case pulseUnavailable
}
