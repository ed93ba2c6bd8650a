/// What happens when the play order runs out, or a track ends.
public enum RepeatMode: String, Sendable, CaseIterable, Codable {
    /// Stop after the last item.
    case off
    /// Play the current item again when it ends.
    case one
    /// Start over from the first item after the last.
    case all

    /// The mode `changeRepeatMode` without a value switches to: off → all → one → off.
    public var next: RepeatMode {
        switch self {
        case .off: .all
        case .all: .one
        case .one: .off
        }
    }
}
