/// Why an interruption began, the `reason` of a `session.interruption` event (SPEC §5).
public enum InterruptionReasonName: String, WireName {
    /// Another session activated and took the audio.
    case `default`
}
