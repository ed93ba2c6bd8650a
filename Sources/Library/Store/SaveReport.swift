/// What one ``PlaybackStateStore/save(_:)`` wrote.
public struct SaveReport: Equatable, Sendable {
    /// The parts of the state that were written; empty when nothing had changed.
    public let parts: SavedParts
    /// Rows inserted, updated or deleted (SQLite's change count), for logs and benchmarks.
    public let rowsChanged: Int

    /// Creates a report.
    /// - Parameters:
    ///   - parts: the parts written.
    ///   - rowsChanged: rows inserted, updated or deleted.
    public init(parts: SavedParts, rowsChanged: Int) {
        self.parts = parts
        self.rowsChanged = rowsChanged
    }
}

/// Parts of a ``SavedPlaybackState``, each stored in its own rows.
public struct SavedParts: OptionSet, Hashable, Sendable {
    /// The queue's entries (`queue_entry`); rewriting them rewrites every part below but feedback.
    public static let queue = SavedParts(rawValue: 1 << 0)
    /// The play order (`play_order`).
    public static let playOrder = SavedParts(rawValue: 1 << 1)
    /// The history (`queue_history`).
    public static let history = SavedParts(rawValue: 1 << 2)
    /// The player row (`player_state`): current entry, modes, rate, position.
    public static let player = SavedParts(rawValue: 1 << 3)
    /// Only the position and time of the player row: the once-a-second save while playing.
    public static let position = SavedParts(rawValue: 1 << 4)
    /// Feedback rows of the tracks whose feedback changed (`feedback`).
    public static let feedback = SavedParts(rawValue: 1 << 5)
    /// Only the entries added at the end of the queue, and the play order's and history's
    /// rows that grew with them: a queue that grows by appending is saved in the time of the
    /// rows added, not of the whole queue.
    public static let appended = SavedParts(rawValue: 1 << 6)

    /// Every part but feedback: what a save writes when it cannot rely on what it wrote before.
    public static let wholeQueue: SavedParts = [.queue, .playOrder, .history, .player]

    /// The parts' bits.
    public let rawValue: Int

    /// Creates parts from their bits.
    /// - Parameter rawValue: the parts' bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
}
