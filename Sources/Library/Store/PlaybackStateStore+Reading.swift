import GRDB

extension PlaybackStateStore {
    /// Reads the saved state and its revision, or `nil` when no state was ever saved.
    ///
    /// References to entries that are missing (impossible while foreign keys are enforced)
    /// are dropped rather than trusted.
    static func fetch(_ db: Database) throws -> Baseline? {
        guard
            let player = try Row.fetchOne(
                db,
                sql: """
                    SELECT revision, current_entry_id, position, playing, shuffle, repeat_mode, rate, saved_at
                    FROM player_state WHERE id = 1
                    """)
        else { return nil }
        let entries = try Row.fetchAll(db, sql: "SELECT entry_id, path, collection FROM queue_entry ORDER BY position")
            .map { row in
                SavedQueueEntry(
                    id: UInt64(bitPattern: row["entry_id"] as Int64), path: row["path"], collection: row["collection"])
            }
        var indexByID: [Int64: Int] = [:]
        for (index, entry) in entries.enumerated() { indexByID[Int64(bitPattern: entry.id)] = index }
        let playOrder = try Int64.fetchAll(db, sql: "SELECT entry_id FROM play_order ORDER BY rank")
        let history = try Int64.fetchAll(db, sql: "SELECT entry_id FROM queue_history ORDER BY step")
        let currentID: Int64? = player["current_entry_id"]
        let state = SavedPlaybackState(
            entries: entries,
            playOrder: playOrder.compactMap { indexByID[$0] },
            history: history.compactMap { indexByID[$0] },
            currentIndex: currentID.flatMap { indexByID[$0] },
            position: player["position"],
            playing: player["playing"],
            shuffle: player["shuffle"],
            repeat: player["repeat_mode"],
            rate: player["rate"],
            feedback: try fetchFeedback(db),
            savedAt: player["saved_at"])
        return Baseline(state: state, revision: player["revision"])
    }

    /// Feedback of the tracks in the saved queue, keyed by track path.
    private static func fetchFeedback(_ db: Database) throws -> [String: TrackFeedback] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT track_key, liked, disliked, bookmarked FROM feedback
                WHERE track_key IN (SELECT path FROM queue_entry)
                """)
        var feedback: [String: TrackFeedback] = [:]
        for row in rows {
            feedback[row["track_key"]] = TrackFeedback(
                liked: row["liked"], disliked: row["disliked"], bookmarked: row["bookmarked"])
        }
        return feedback
    }
}
