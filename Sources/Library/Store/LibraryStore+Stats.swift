import GRDB

extension LibraryStore {
    /// The files the scanner could not take in, and why, sorted by path.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func problems() throws(StoreError) -> [ScanProblem] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT path, reason FROM problem ORDER BY path").map {
                ScanProblem(path: $0["path"], reason: $0["reason"])
            }
        }
    }

    /// How big the library is and when it was last scanned.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func stats() throws(StoreError) -> LibraryStats {
        try database.read { db in
            let tracks = try Row.fetchOne(
                db,
                sql: "SELECT count(*) AS tracks, total(is_spoken_word) AS spoken, total(duration) AS duration FROM track")
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
            return LibraryStats(
                tracks: tracks?["tracks"] ?? 0,
                albums: try count("SELECT count(*) FROM album WHERE is_spoken_word = 0"),
                artists: try count("SELECT count(*) FROM artist"),
                genres: try count("SELECT count(*) FROM genre"),
                playlists: try count("SELECT count(*) FROM playlist"),
                spokenWord: Int(tracks?["spoken"] ?? 0.0),
                problems: try count("SELECT count(*) FROM problem"),
                totalDuration: tracks?["duration"] ?? 0,
                lastScan: try Double.fetchOne(db, sql: "SELECT finished_at FROM library_scan WHERE id = 1"))
        }
    }
}
