/// What happens when the play order runs out, or a track ends.
public enum RepeatMode: String, Sendable, CaseIterable {
    /// Stop after the last item.
    case off
    /// Play the current item again when it ends.
    case one
    /// Start over from the first item after the last.
    case all
}
