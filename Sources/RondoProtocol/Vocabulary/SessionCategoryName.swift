/// An audio session's `category` on the wire (SPEC §5), in AVAudioSession's words.
public enum SessionCategoryName: String, CheckedWireName {
    /// Sound that mixes with everything else; always mixable.
    case ambient
    /// Sound that silences other non-mixable sessions but is not essential.
    case soloAmbient
    /// Sound that is the point of the program: music, podcasts, navigation prompts.
    case playback
    /// Recording only, such as speech recognition.
    case record
    /// Playing and recording at once, such as a call.
    case playAndRecord

    /// `category`.
    public static let wireNoun = "category"
}
