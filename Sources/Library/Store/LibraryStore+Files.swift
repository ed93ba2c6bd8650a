import GRDB

/// The library as a tree of files: every track under a directory, in path order.
extension LibraryStore {
    /// The tracks whose files lie under `directory` (an absolute path; every track when
    /// `nil`), in path order.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func tracks(under directory: String?) throws(StoreError) -> [CatalogTrack] {
        try database.read { db in
            let select = CatalogRows.trackSelect
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
            return rows.map(CatalogRows.track)
        }
    }
}
