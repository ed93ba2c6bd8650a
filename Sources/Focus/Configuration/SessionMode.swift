/// A refinement of a session's category for one use, in AVAudioSession's terms.
///
/// A mode the category does not support falls back to ``SessionMode/default`` when a
/// ``SessionConfiguration`` is made (see ``SessionCategory/supportedModes``).
public enum SessionMode: String, Sendable, CaseIterable, Codable {
    /// No particular use.
    case `default`
    /// Continuous speech (podcasts, audiobooks): paused rather than ducked by a spoken prompt.
    case spokenAudio
    /// Short spoken prompts, such as turn-by-turn navigation.
    case voicePrompt
    /// A two-way voice call.
    case voiceChat
    /// A video call.
    case videoChat
    /// Film soundtracks.
    case moviePlayback
    /// Measuring audio input or output with as little processing as possible.
    case measurement
}
