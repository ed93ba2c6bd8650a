import GRDB

extension LibraryStore {
    /// Artists, albums, shows and tracks whose title, artist, album or genre has words
    /// starting with every word of `query`, best match first (FTS5's bm25, titles weighing
    /// most).
    ///
    /// Case and accents are ignored. Any text is safe: each word is quoted, so FTS5 syntax
    /// (`AND`, `"`, `*`, `:`, `NEAR(`…) is searched for literally; words without a letter or
    /// digit are dropped, and a query left without words finds nothing.
    /// - Parameters:
    ///   - query: what the user typed.
    ///   - limit: the most results to return.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func search(_ query: String, limit: Int) throws(StoreError) -> [CatalogEntry] {
        guard limit > 0, let match = Self.matchExpression(query) else { return [] }
        return try database.read { db in
            let rowids = try Int64.fetchAll(
                db,
                sql: "SELECT rowid FROM search WHERE search MATCH ? ORDER BY bm25(search, 10.0, 6.0, 4.0, 1.0) LIMIT ?",
                arguments: [match, limit])
            return try rowids.compactMap { rowid in try Self.searchEntry(rowid, db) }
        }
    }

    /// The FTS5 expression for `query`: each word a quoted prefix, all required.
    ///
    /// FTS5 reads the expression scalar by scalar and ends it at a NUL, so every `"` and NUL
    /// scalar, even one a combining mark joins to the next character, becomes a space:
    /// neither is part of a token, so the phrase finds the same words.
    static func matchExpression(_ query: String) -> String? {
        let words = query.split(whereSeparator: { $0.isWhitespace })
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
        guard !words.isEmpty else { return nil }
        let quoted = words.map { word in
            let scalars = word.unicodeScalars.map { $0 == "\"" || $0 == "\0" ? " " : $0 }
            return "\"" + String(String.UnicodeScalarView(scalars)) + "\"*"
        }
        return quoted.joined(separator: " ")
    }

    private static func searchEntry(_ rowid: Int64, _ db: Database) throws -> CatalogEntry? {
        let id = rowid >> 2
        switch rowid & 3 {
        case 0:
            return try Row.fetchOne(db, sql: CatalogRows.trackSelect + " WHERE t.id = ?", arguments: [id])
                .map { .track(CatalogRows.track($0)) }
        case 1:
            return try Row.fetchOne(db, sql: "SELECT * FROM album WHERE id = ?", arguments: [id])
                .map(CatalogRows.albumEntry)
        default:
            return try Row.fetchOne(db, sql: "SELECT * FROM artist WHERE id = ?", arguments: [id])
                .map { .artist(CatalogRows.artist($0)) }
        }
    }
}
