import GRDB

/// A library track with when its file last changed: what a file-tree front end (the MPD
/// protocol's database) lists.
public struct FileTrack: Sendable {
    /// The track as the catalog shows it.
    public var track: CatalogTrack
    /// When its file last changed, in seconds since the Unix epoch (`-1` when a rescan is due).
    public var modified: Int64
}

/// The library as a tree of files: every track under a directory, in path order.
extension LibraryStore {
    /// The tracks whose files lie under `directory` (an absolute path; every track when
    /// `nil`), in path order.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func tracks(under directory: String?) throws(StoreError) -> [FileTrack] {
        try database.read { db in
            let select = CatalogRows.trackSelect(from: "track t", more: ", t.mtime")
            let rows: [Row]
            if let directory {
                // Every path that starts with DIRECTORY/ sorts between DIRECTORY/ and DIRECTORY0
                // ('0' follows '/'), so the path index answers it.
                let prefix = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: "\(select) WHERE t.path > ? AND t.path < ? ORDER BY t.path"),
                    arguments: [prefix + "/", prefix + "0"])
            } else {
                rows = try Row.fetchAll(db.cachedStatement(sql: "\(select) ORDER BY t.path"))
            }
            return rows.map { row in
                let modified: Int64 = row["mtime"]
                return FileTrack(track: CatalogRows.track(row), modified: modified < 0 ? -1 : modified / 1_000_000_000)
            }
        }
    }
}
