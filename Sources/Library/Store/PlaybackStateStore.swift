import GRDB
import Synchronization

/// Saves and restores the daemon's playback state in the library database.
///
/// ``save(_:)`` writes in one transaction only what changed since the last state this store
/// saved or loaded: while playing, the once-a-second save updates the position in a single
/// row. Each save bumps a revision stored with the state; when the file's revision is not the
/// one this store last saw (another writer, a failed save), the save rewrites everything, so
/// a stale memory never leaves a mixed state behind. After a crash at any moment the file
/// holds the state of the last committed save.
///
/// Thread safety: any task may call any method. The remembered state is guarded by a mutex
/// and the database serialises writes.
public final class PlaybackStateStore: Sendable {
    /// The last state known to be in the file, with the revision it was written under.
    struct Baseline: Sendable {
        /// The state.
        var state: SavedPlaybackState
        /// Its `player_state.revision`.
        var revision: Int64
    }

    let database: LibraryDatabase
    /// Owned by this store; only replaced after a save committed or a load read it.
    private let baseline = Mutex<Baseline?>(nil)

    /// Creates a store over an open database.
    /// - Parameter database: the library database, already migrated.
    public init(database: LibraryDatabase) {
        self.database = database
    }

    /// Makes `state` the saved state, writing only what changed, in one transaction.
    /// - Parameter state: the state to save; see ``SavedPlaybackState`` for its rules.
    /// - Returns: what was written; nothing when only ``SavedPlaybackState/savedAt`` changed.
    /// - Throws: ``StoreError/invalidState(_:)`` (nothing written) or a database failure
    ///   (the transaction is rolled back and the previous state stays).
    @discardableResult
    public func save(_ state: SavedPlaybackState) throws(StoreError) -> SaveReport {
        if let problem = state.problem { throw .invalidState(problem) }
        let known = baseline.withLock { $0 }
        let plan = SavePlan(from: known?.state, to: state)
        if plan.parts.isEmpty { return SaveReport(parts: [], rowsChanged: 0) }
        let (report, revision) = try database.write { db in
            try plan.apply(state, expectedRevision: known?.revision, db)
        }
        baseline.withLock { $0 = Baseline(state: state, revision: revision) }
        return report
    }

    /// The saved state, or `nil` when none was ever saved.
    ///
    /// Reads one consistent snapshot, concurrently with saves.
    /// - Throws: a database failure.
    public func load() throws(StoreError) -> SavedPlaybackState? {
        guard let loaded = try database.read(Self.fetch) else { return nil }
        baseline.withLock { $0 = loaded }
        return loaded.state
    }
}
