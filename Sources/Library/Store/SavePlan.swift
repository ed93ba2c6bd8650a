import GRDB

/// Which rows a save rewrites, decided by comparing the new state with the last one written.
struct SavePlan {
    /// The parts to write.
    private(set) var parts: SavedParts
    /// The feedback to write: every key when there is nothing to compare with.
    private(set) var feedback: [String: TrackFeedback]
    /// With ``SavedParts/appended``: how many entries, play-order ranks and history steps
    /// the file already holds; the rows after them are added.
    private var kept = (entries: 0, playOrder: 0, history: 0)

    /// Plans the writes that turn `old` into `new`; everything when `old` is `nil`.
    init(from old: SavedPlaybackState?, to new: SavedPlaybackState) {
        guard let old else {
            self = Self.everything(new)
            return
        }
        feedback = new.feedback.filter { old.feedback[$0.key] != $0.value }
        parts = feedback.isEmpty ? [] : .feedback
        if old.entries != new.entries {
            guard new.entries.count > old.entries.count, new.entries.starts(with: old.entries) else {
                parts.formUnion(.wholeQueue)
                return
            }
            parts.insert(.appended)
            kept.entries = old.entries.count
            kept.playOrder = new.playOrder.starts(with: old.playOrder) ? old.playOrder.count : 0
            kept.history = new.history.starts(with: old.history) ? old.history.count : 0
        }
        if !parts.contains(.appended) || kept.playOrder == 0, old.playOrder != new.playOrder { parts.insert(.playOrder) }
        if !parts.contains(.appended) || kept.history == 0, old.history != new.history { parts.insert(.history) }
        if old.currentIndex != new.currentIndex || old.playing != new.playing || old.shuffle != new.shuffle
            || old.repeat != new.repeat || old.rate != new.rate
        {
            parts.insert(.player)
        } else if old.position != new.position {
            parts.insert(.position)
        }
    }

    private init(parts: SavedParts, feedback: [String: TrackFeedback]) {
        self.parts = parts
        self.feedback = feedback
    }

    /// A plan that rewrites the whole queue, the player row and all of `state`'s feedback.
    private static func everything(_ state: SavedPlaybackState) -> SavePlan {
        SavePlan(
            parts: state.feedback.isEmpty ? .wholeQueue : SavedParts.wholeQueue.union(.feedback),
            feedback: state.feedback)
    }

    /// Writes the plan inside the caller's transaction.
    ///
    /// When the file's revision is not `expectedRevision`, the plan is widened to everything.
    /// - Returns: the report and the revision now in the file.
    func apply(_ state: SavedPlaybackState, expectedRevision: Int64?, _ db: Database) throws -> (SaveReport, Int64) {
        let before = db.totalChangesCount
        if parts == .position, let expectedRevision {
            try db.cachedStatement(sql: PlaybackStateStore.updatePosition).execute(arguments: [state.position, state.savedAt, expectedRevision])
            if db.changesCount == 1 {
                return (SaveReport(parts: parts, rowsChanged: db.totalChangesCount - before), expectedRevision + 1)
            }
        }
        let revision = try Int64.fetchOne(db, sql: "SELECT revision FROM player_state WHERE id = 1")
        let plan = revision != nil && revision == expectedRevision && parts != .position ? self : Self.everything(state)
        let newRevision = (revision ?? 0) + 1
        try plan.write(state, revision: newRevision, db)
        return (SaveReport(parts: plan.parts, rowsChanged: db.totalChangesCount - before), newRevision)
    }

    private func write(_ state: SavedPlaybackState, revision: Int64, _ db: Database) throws {
        let ids = state.entries.map { Int64(bitPattern: $0.id) }
        if parts.contains(.playOrder) { try db.execute(sql: "DELETE FROM play_order") }
        if parts.contains(.history) { try db.execute(sql: "DELETE FROM queue_history") }
        if parts.contains(.queue) {
            try db.execute(sql: "DELETE FROM queue_entry")
            let insert = try db.cachedStatement(
                sql: "INSERT INTO queue_entry (position, entry_id, path, collection) VALUES (?, ?, ?, ?)")
            for (position, entry) in state.entries.enumerated() {
                try insert.execute(arguments: [position, ids[position], entry.path, entry.collection])
            }
        }
        if parts.contains(.appended) { try insertAppendedEntries(state, ids: ids, db) }
        if parts.contains(.playOrder) {
            try insertReferences(state.playOrder.map { ids[$0] }, into: "play_order", key: "rank", db)
        }
        if parts.contains(.history) {
            try insertReferences(state.history.map { ids[$0] }, into: "queue_history", key: "step", db)
        }
        if parts.contains(.appended) { try insertAppendedReferences(state, ids: ids, db) }
        if parts.contains(.player) || parts.contains(.position) {
            try db.cachedStatement(
                sql: """
                    INSERT INTO player_state
                        (id, revision, current_entry_id, position, playing, shuffle, repeat_mode, rate, saved_at)
                    VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET
                        revision = excluded.revision, current_entry_id = excluded.current_entry_id,
                        position = excluded.position, playing = excluded.playing, shuffle = excluded.shuffle,
                        repeat_mode = excluded.repeat_mode, rate = excluded.rate, saved_at = excluded.saved_at
                    """
            ).execute(arguments: [
                revision, state.currentIndex.map { ids[$0] }, state.position, state.playing, state.shuffle,
                state.repeat, state.rate, state.savedAt,
            ])
        } else {
            try db.cachedStatement(sql: "UPDATE player_state SET revision = ? WHERE id = 1")
                .execute(arguments: [revision])
        }
        try writeFeedback(savedAt: state.savedAt, db)
    }

    /// Adds the entries after the ones the file holds.
    private func insertAppendedEntries(_ state: SavedPlaybackState, ids: [Int64], _ db: Database) throws {
        let insert = try db.cachedStatement(
            sql: "INSERT INTO queue_entry (position, entry_id, path, collection) VALUES (?, ?, ?, ?)")
        for position in kept.entries..<state.entries.count {
            let entry = state.entries[position]
            try insert.execute(arguments: [position, ids[position], entry.path, entry.collection])
        }
    }

    /// Adds the play order's and history's rows after the ones the file holds, unless their
    /// part rewrites them whole.
    private func insertAppendedReferences(_ state: SavedPlaybackState, ids: [Int64], _ db: Database) throws {
        if !parts.contains(.playOrder) {
            try insertReferences(state.playOrder.map { ids[$0] }, into: "play_order", key: "rank", from: kept.playOrder, db)
        }
        if !parts.contains(.history) {
            try insertReferences(state.history.map { ids[$0] }, into: "queue_history", key: "step", from: kept.history, db)
        }
    }

    private func insertReferences(_ entryIDs: [Int64], into table: String, key: String, from start: Int = 0, _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO \(table) (\(key), entry_id) VALUES (?, ?)")
        for index in start..<entryIDs.count {
            try insert.execute(arguments: [index, entryIDs[index]])
        }
    }

    private func writeFeedback(savedAt: Double, _ db: Database) throws {
        for (track, value) in feedback {
            if value == .none {
                try db.cachedStatement(sql: "DELETE FROM feedback WHERE track_key = ?").execute(arguments: [track])
            } else {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO feedback (track_key, liked, disliked, bookmarked, updated_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (track_key) DO UPDATE SET liked = excluded.liked, disliked = excluded.disliked,
                            bookmarked = excluded.bookmarked, updated_at = excluded.updated_at
                        """
                ).execute(arguments: [track, value.liked, value.disliked, value.bookmarked, savedAt])
            }
        }
    }
}
