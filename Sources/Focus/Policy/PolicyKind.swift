/// Which model of arbitration a policy file describes (its `kind` key).
public enum PolicyKind: String, Sendable, CaseIterable, Codable {
    /// AVAudioSession's rules, tuned by duck level, prompt-style and priority rules.
    case audioSession
    /// An Android-Automotive-style interaction matrix over roles: each pair of a holder's and
    /// a requester's role is `reject`, `exclusive` or `concurrent`, and per-role duck lists
    /// say who is lowered while both play (``InteractionMatrix``).
    case interactionMatrix
}
