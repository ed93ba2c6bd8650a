/// An audio session's `mode` on the wire (SPEC §5), in AVAudioSession's words.
public enum SessionModeName: String, CheckedWireName {
    /// No particular use.
    case `default`
    /// Continuous speech (podcasts, audiobooks).
    case spokenAudio
    /// Short spoken prompts, such as turn-by-turn navigation.
    case voicePrompt
    /// A two-way voice call.
    case voiceChat
    /// A video call.
    case videoChat
    /// Film soundtracks.
    case moviePlayback
    /// Measuring audio with as little processing as possible.
    case measurement

    /// `mode`.
    public static let wireNoun = "mode"
}
