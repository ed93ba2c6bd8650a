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
    /// ``CatalogTrack/resumePosition``, and the rate it was heard at when given
    /// (``CatalogTrack/resumeRate``, kept otherwise); `nil` seconds clears both (the episode
    /// or chapter was finished).
    ///
    /// Does nothing when `path` is neither a library track nor a podcast episode. An
    /// episode's rate becomes its show's too: the show's next episodes start at it.
    /// - Parameters:
    ///   - path: the file's absolute path, or an episode's identifier.
    ///   - seconds: the position, ≥ 0, or `nil` to clear it.
    ///   - rate: the playback rate, 0.5 to 2.0, or `nil` to keep the one stored.
    ///   - playedWithin: for an episode, the seconds before the end (its feed's duration)
    ///     from which it counts as played (`played_at_remaining_s`); it is marked so.
    /// - Throws: ``StoreError`` when the database cannot be written.
    public func setResumePosition(path: String, seconds: Double?, rate: Double? = nil, playedWithin: Double? = nil) throws(StoreError) {
        try database.write { db in
            guard let seconds, seconds.isFinite else {
                try db.execute(sql: "DELETE FROM resume_point WHERE path = ?", arguments: [path])
                return
            }
            let rate = rate.flatMap { $0.isFinite ? min(max($0, 0.5), 2.0) : nil }
            try db.execute(
                sql: """
                    INSERT INTO resume_point (path, seconds, rate)
                    SELECT path, ?, ? FROM track WHERE path = ?
                    UNION ALL SELECT identifier, ?, ? FROM podcast_episode WHERE identifier = ?
                    ON CONFLICT (path) DO UPDATE SET seconds = excluded.seconds, rate = coalesce(excluded.rate, rate)
                    """,
                arguments: [max(seconds, 0), rate, path, max(seconds, 0), rate, path])
            if let playedWithin {
                try db.execute(
                    sql: """
                        UPDATE podcast_episode SET played = 1
                        WHERE identifier = ? AND played = 0 AND duration > ? AND ? >= duration - ?
                        """,
                    arguments: [path, playedWithin, seconds, playedWithin])
            }
            if let rate {
                try db.execute(
                    sql: """
                        UPDATE podcast_show SET rate = ?
                        WHERE id = (SELECT show_id FROM podcast_episode WHERE identifier = ?) AND rate IS NOT ?
                        """,
                    arguments: [rate, path, rate])
            }
        }
    }
}
