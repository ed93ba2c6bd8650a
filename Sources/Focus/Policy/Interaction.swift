/// What happens when a session asks to become active while another holds the audio: one
/// cell of an ``InteractionMatrix``, as Android Automotive's `FocusInteraction` names them.
public enum Interaction: String, Sendable, CaseIterable, Codable {
    /// The request fails with `insufficientPriority`; the holder is told nothing.
    case reject
    /// The request succeeds and the holder is interrupted.
    case exclusive
    /// The request succeeds and both play; the duck lists say whether one is lowered.
    case concurrent
}
