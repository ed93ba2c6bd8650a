import GRDB

extension LibraryStore {
    /// Records that the track at `path` was played at `date`, for ``CatalogList/recentlyPlayed``.
    ///
    /// A track played again moves to the front; only the most recent distinct tracks are kept.
    /// Does nothing when `path` is not a library track.
    /// - Parameters:
    ///   - path: the played file's absolute path.
    ///   - date: when it was played, in Unix seconds.
    /// - Throws: ``StoreError`` when the database cannot be written.
    public func recordPlay(path: String, at date: Double) throws(StoreError) {
        try database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM track WHERE path = ?", arguments: [path]) != nil else {
                return
            }
            try db.execute(
                sql: """
                    INSERT INTO play_history (path, played_at) VALUES (?, ?)
                    ON CONFLICT (path) DO UPDATE SET played_at = excluded.played_at
                    """,
                arguments: [path, date])
            try db.execute(
                sql: """
                    DELETE FROM play_history WHERE path NOT IN (
                        SELECT path FROM play_history ORDER BY played_at DESC, path LIMIT \(Self.recentlyPlayedLimit))
                    """)
        }
    }

    /// Stores where listening to the track at `path` stopped, shown as its
    /// ``CatalogTrack/resumePosition``; `nil` clears it (the episode or chapter was finished).
    ///
    /// Does nothing when `path` is not a library track.
    /// - Parameters:
    ///   - path: the file's absolute path.
    ///   - seconds: the position, ≥ 0, or `nil` to clear it.
    /// - Throws: ``StoreError`` when the database cannot be written.
    public func setResumePosition(path: String, seconds: Double?) throws(StoreError) {
        try database.write { db in
            guard let seconds, seconds.isFinite else {
                try db.execute(sql: "DELETE FROM resume_point WHERE path = ?", arguments: [path])
                return
            }
            try db.execute(
                sql: """
                    INSERT INTO resume_point (path, seconds) SELECT path, ? FROM track WHERE path = ?
                    ON CONFLICT (path) DO UPDATE SET seconds = excluded.seconds
                    """,
                arguments: [max(seconds, 0), path])
        }
    }
}
