import GRDB
import Synchronization

/// Saves and restores the daemon's playback state in the library database.
///
/// ``save(_:)`` writes in one transaction only what changed since the last state this store
/// saved or loaded; while playing, ``savePosition(_:savedAt:)`` moves the position alone, one
/// statement on a single row. Each save bumps a revision stored with the state; when the file's revision is not the
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

    /// Moves the saved position of the current entry to `position`, leaving the rest of the
    /// saved state as it is: one row updated by one statement, which commits atomically on
    /// its own. This is the save repeated while playing, so it skips the comparing and the
    /// transaction of ``save(_:)``.
    ///
    /// Nothing is written when this store has not saved or loaded a state, when the position
    /// is the one saved, or when the file's revision is not the one this store last saw:
    /// the position belongs to the state this store knows, and the next ``save(_:)``
    /// rewrites a file that moved on.
    /// - Parameters:
    ///   - position: media time of the current entry in seconds; not finite or < 0 is ignored.
    ///   - savedAt: when the position was heard, in Unix seconds.
    /// - Returns: whether the position was written.
    /// - Throws: a database failure (the file keeps the previous position).
    @discardableResult
    public func savePosition(_ position: Double, savedAt: Double) throws(StoreError) -> Bool {
        guard position.isFinite, position >= 0, let known = baseline.withLock({ $0 }), known.state.position != position
        else { return false }
        let written = try database.writeWithoutTransaction { db in
            try db.cachedStatement(sql: Self.updatePosition).execute(arguments: [position, savedAt, known.revision])
            return db.changesCount == 1
        }
        guard written else { return false }
        var state = known.state
        state.position = position
        state.savedAt = savedAt
        baseline.withLock { $0 = Baseline(state: state, revision: known.revision + 1) }
        return true
    }

    /// Moves the position of the state saved under the revision given, and bumps the revision.
    static let updatePosition =
        "UPDATE player_state SET position = ?, saved_at = ?, revision = revision + 1 WHERE id = 1 AND revision = ?"

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
