/// What the daemon must carry out, named for what a session's owner experiences.
///
/// One event yields its effects in this order: the refusal of the request if it failed
/// (then nothing changed); for each session in open order its interruption beginning or
/// ending, then its gain change; the prompt-style change; the route change; advisories in
/// open order; and last `isBusy` for a deactivation of a session still producing sound.
public enum FocusEffect: Equatable, Sendable {
    /// Ramp the session's streams to gain `to` (the duck level) over `rampMilliseconds`.
    case duck(SessionID, to: Double, rampMilliseconds: Int)
    /// Ramp the session's streams back to gain 1 over `rampMilliseconds`.
    case unduck(SessionID, rampMilliseconds: Int)
    /// The session's interruption began: its owner should stop playing.
    case interrupt(SessionID, reason: InterruptionReason)
    /// The session's interruption ended; it is inactive, and its owner may activate it
    /// again and resume when `shouldResume` says so.
    case endInterruption(SessionID, shouldResume: Bool)
    /// The request failed and changed nothing, or (for `isBusy`) it succeeded with a caveat.
    case reject(FocusError)
    /// Voice prompts should now sound this way.
    case promptStyleChanged(PromptStyle)
    /// The session is used in a way that is probably a mistake; the message says what to do.
    case advisory(SessionID, message: String)
    /// The route of the listed active sessions changed.
    case routeChanged(RouteChangeReason, sessions: [SessionID])
}
