/// Where a session stands with the arbiter, as `session.list` shows it (SPEC §2).
public enum SessionStateName: String, WireName {
    /// Not playing under the arbiter's authority.
    case inactive
    /// Active at full gain.
    case active
    /// Active, lowered to the duck level by another session.
    case ducked
    /// Stopped by another session; it must activate again to play.
    case interrupted
}
