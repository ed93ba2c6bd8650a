import Foundation
import GRDB

extension LibraryStore {
    /// The tracks, problems and playlists recorded at `prefix` or under it (everything when
    /// `nil`). `prefix` is an absolute path without a trailing `/`.
    func knownFiles(under prefix: String?) throws(StoreError) -> KnownFiles {
        try database.read { db in
            var known = KnownFiles()
            known.tracks = try Self.stamps("track", under: prefix, db)
            known.problems = try Self.stamps("problem", under: prefix, db)
            // A playlist a client saved is not the scan's to remove.
            known.playlists = try Self.stamps("playlist", under: prefix, excludingSaved: true, db)
            known.covers = Dictionary(
                uniqueKeysWithValues: try Self.stamps("folder_cover", key: "directory", under: prefix, db).map { ($0.key.string, $0.value) })
            return known
        }
    }

    /// Writes one batch of scan results in a single transaction.
    ///
    /// A track replaces any problem recorded for its path and a problem any track: a file is
    /// either in the library or listed as a problem. Lists are not re-ranked here
    /// (``refreshLists()``), so a new track shows in browse lists once they are.
    ///
    /// A batch that changes tracks or playlists also forgets when the last scan finished, until
    /// ``finishScan(removing:refreshingLists:finishedAt:)`` re-ranks: a scan killed in between
    /// leaves the mark that makes the next one re-rank even when it finds nothing to read.
    func write(_ files: [ScannedFile]) throws(StoreError) {
        try database.write { db in
            try ScanBatchWriter.prepareStaging(db)
            var writer = ScanBatchWriter(db: db)
            for file in files { try writer.write(file) }
            try writer.finish()
            if files.contains(where: { if case .problem = $0 { false } else { true } }) {
                try db.execute(sql: "DELETE FROM library_scan")
            }
        }
    }

    /// Removes the tracks, problems and playlists at `paths`; re-ranks every list and drops
    /// albums, artists and genres left without tracks when `refreshingLists` or when a scan
    /// wrote tracks since the last re-ranking; records `finishedAt` as the last scan's time:
    /// all in one transaction.
    func finishScan(removing paths: [String], refreshingLists: Bool, finishedAt: Double) throws(StoreError) {
        try database.write { db in
            for table in ["track", "problem", "playlist"] {
                let delete = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE path = ?")
                for path in paths { try delete.execute(arguments: [path]) }
            }
            let ranked = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM library_scan)") ?? false
            if refreshingLists || !ranked { try Self.refreshLists(db) }
            try db.execute(
                sql: """
                    INSERT INTO library_scan (id, finished_at) VALUES (1, ?)
                    ON CONFLICT (id) DO UPDATE SET finished_at = excluded.finished_at
                    """,
                arguments: [finishedAt])
        }
    }

    /// Recomputes every list's ranks and every aggregate, so the tracks written so far show
    /// in the browse lists.
    func refreshLists() throws(StoreError) {
        try database.write { db in try Self.refreshLists(db) }
    }

    /// Records the folder covers a scan found (`found`, by directory) and forgets those of
    /// `removed` directories, so the next scan reads again only the tracks whose folder's
    /// cover changed.
    func recordFolderCovers(_ found: [String: FileStamp], removing removed: [String]) throws(StoreError) {
        try database.write { db in
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO folder_cover (directory, size, mtime) VALUES (?, ?, ?)
                    ON CONFLICT (directory) DO UPDATE SET size = excluded.size, mtime = excluded.mtime
                    """)
            for (directory, stamp) in found { try upsert.execute(arguments: [directory, stamp.size, stamp.modified]) }
            let delete = try db.cachedStatement(sql: "DELETE FROM folder_cover WHERE directory = ?")
            for directory in removed { try delete.execute(arguments: [directory]) }
        }
    }

    private static func stamps(
        _ table: String, key: String = "path", under prefix: String?, excludingSaved: Bool = false, _ db: Database
    ) throws -> [FilePath: FileStamp] {
        var sql = "SELECT \(key), size, mtime FROM \(table)"
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let prefix {
            // Paths under the prefix sort between "prefix/" and "prefix0" ("0" follows "/").
            conditions.append("(\(key) = ? OR (\(key) >= ? AND \(key) < ?))")
            arguments = [prefix, prefix + "/", prefix + "0"]
        }
        if excludingSaved { conditions.append("NOT saved") }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        // Sized first: grown row by row, 100,000 paths were rehashed ten times over.
        var stamps: [FilePath: FileStamp] = [:]
        stamps.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(sql))", arguments: arguments) ?? 0)
        try step(db, sql: sql, arguments: arguments) { row in
            guard let path = row.text(0) else { return }
            stamps[FilePath(path)] = FileStamp(size: row.integer(1) ?? 0, modified: row.integer(2) ?? 0)
        }
        return stamps
    }
}
