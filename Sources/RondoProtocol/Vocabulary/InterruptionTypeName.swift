/// Whether a `session.interruption` event tells of an interruption's start or end (SPEC §2).
public enum InterruptionTypeName: String, WireName {
    /// Another session took the audio; this one stopped.
    case began
    /// The interruption is over; `shouldResume` says whether to play again.
    case ended
}
