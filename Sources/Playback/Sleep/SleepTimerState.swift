/// The sleep timer as the player shows it.
public struct SleepTimerState: Sendable, Equatable {
    /// When it ends (Unix seconds), when known: not for the end of an item that is paused.
    public var endsAt: Double?
    /// Whether it ends with the item playing.
    public var endOfItem: Bool

    /// A timer that ends at `endsAt`, or with the item playing when `endOfItem`.
    public init(endsAt: Double?, endOfItem: Bool) {
        self.endsAt = endsAt
        self.endOfItem = endOfItem
    }
}
