/// Why an interruption began.
public enum InterruptionReason: String, Sendable, Codable {
    /// Another session activated and took the audio.
    case `default`
}
