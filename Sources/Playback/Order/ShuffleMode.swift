/// How the play order is shuffled, named as `changeShuffleMode`'s `shuffleType` names it.
public enum ShuffleMode: String, Sendable, CaseIterable, Codable {
    /// Queue order.
    case off
    /// Every entry at a random place.
    case items
    /// Albums at random places, each album's entries together in queue order.
    case collections

    /// The mode `changeShuffleMode` without a value switches to: off → items →
    /// collections → off.
    public var next: ShuffleMode {
        switch self {
        case .off: .items
        case .items: .collections
        case .collections: .off
        }
    }
}
