/// Which model of arbitration a policy file describes (its `kind` key).
public enum PolicyKind: String, Sendable, CaseIterable, Codable {
    /// AVAudioSession's rules, tuned by duck level, prompt-style and priority rules.
    case audioSession
}
