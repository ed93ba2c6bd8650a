/// The player's output as the listener chose it, kept across restarts.
public struct SavedOutput: Equatable, Sendable {
    /// The listener's volume, 0 to 1.
    public var volume: Double
    /// The sink the player is pinned to, or `nil` when it follows the server's default.
    public var sink: String?

    /// Creates settings.
    public init(volume: Double, sink: String?) {
        self.volume = volume
        self.sink = sink
    }
}
