/// How a session treats other sessions while it is active, in AVAudioSession's terms.
///
/// ``SessionCategory/settableOptions`` says which categories accept which option.
public enum SessionOption: String, Sendable, CaseIterable, Codable {
    /// Plays alongside other sessions instead of interrupting the non-mixable ones.
    case mixWithOthers
    /// Lowers every other active session to the policy's duck level; implies ``mixWithOthers``.
    case duckOthers
    /// Interrupts active `spokenAudio` sessions and mixes with the rest; implies ``mixWithOthers``.
    case interruptSpokenAudioAndMixWithOthers
}
