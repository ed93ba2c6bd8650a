/// Where a session stands with the arbiter.
public enum SessionState: String, Sendable, Codable {
    /// Not playing under the arbiter's authority: never activated, deactivated, or its
    /// interruption has ended.
    case inactive
    /// Active at full gain.
    case active
    /// Active, lowered to the policy's duck level by another active session with `duckOthers`.
    case ducked
    /// Stopped by another session; it must activate again to play.
    case interrupted

    /// Whether the session is active, ducked or not.
    public var isActive: Bool { self == .active || self == .ducked }
}
