/// A position the ``PersistenceWriter`` saves on its own while the player plays: every
/// ``interval`` seconds it asks ``read`` where the listener is and hands the answer to
/// ``write``.
///
/// Both closures run on the writer thread only, never on the player's actor.
struct PositionWatch: Sendable {
    /// Seconds between two saves.
    var interval: Double
    /// The media time heard now in the entry the saved state names, or `nil` when what is
    /// heard belongs to another entry (an advance whose state is on its way).
    var read: @Sendable () -> Double?
    /// Saves a position read by ``read``.
    var write: @Sendable (Double) throws -> Void
}
