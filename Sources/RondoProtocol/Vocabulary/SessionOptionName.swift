/// One of an audio session's `options` on the wire (SPEC §5), in AVAudioSession's words.
public enum SessionOptionName: String, CheckedWireName {
    /// Plays alongside other sessions instead of interrupting the non-mixable ones.
    case mixWithOthers
    /// Lowers every other active session to the policy's duck level.
    case duckOthers
    /// Interrupts active `spokenAudio` sessions and mixes with the rest.
    case interruptSpokenAudioAndMixWithOthers

    /// `option`.
    public static let wireNoun = "option"
}
