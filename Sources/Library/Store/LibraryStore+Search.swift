import GRDB

extension LibraryStore {
    /// Artists, albums, shows, tracks and stations whose title (a station's name), artist,
    /// album or genre has words starting with every word of `query`, best match first (bm25,
    /// titles weighing most; ``SearchRanking``).
    ///
    /// Case and accents are ignored. Any text is safe: each word is quoted, so FTS5 syntax
    /// (`AND`, `"`, `*`, `:`, `NEAR(`…) is searched for literally; words without a letter or
    /// digit are dropped, and a query left without words finds nothing.
    ///
    /// Each kind's matches are ranked up to ``searchCandidatesPerKind`` of them, in library
    /// order: a word of one or two letters can match tens of thousands of tracks, and
    /// scoring them all took tens of milliseconds, where a few hundred take one. Once the
    /// query is as specific as a word or two of three letters, every match is ranked. Each
    /// word is counted once for the ranking and long words are read as their terms
    /// (``SearchPlan``), so the four kinds' queries read little more than what they rank.
    /// - Parameters:
    ///   - query: what the user typed.
    ///   - limit: the most results to return.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func search(_ query: String, limit: Int) throws(StoreError) -> [CatalogEntry] {
        guard limit > 0, let words = Self.matchWords(query) else { return [] }
        return try database.read { db in
            guard let plan = try SearchPlan.make(words, db) else { return [] }
            let statement = try db.cachedStatement(
                sql: """
                    SELECT rowid, \(SearchRanking.functionName)(search, ?) FROM search
                    WHERE search MATCH ? AND rowid >= ? AND rowid < ? LIMIT ?
                    """)
            var scored: [(rowid: Int64, score: Double)] = []
            for (start, end) in Self.searchKinds {
                let rows = try Row.fetchCursor(
                    statement, arguments: [plan.rankingArgument, plan.expression, start, end, Self.searchCandidatesPerKind])
                while let row = try rows.next() { scored.append((row[0], row[1])) }
            }
            scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.rowid < $1.rowid }
            return try scored.prefix(limit).compactMap { try Self.searchEntry($0.rowid, db) }
        }
    }

    /// How many matches of each kind (tracks, albums, artists, stations) a search ranks at most.
    public static let searchCandidatesPerKind = 200

    /// The rowid range of each kind in the search index: tracks, albums, artists, stations.
    private static let searchKinds: [(Int64, Int64)] = [
        (0, LibraryDatabase.SearchRowid.albumBase),
        (LibraryDatabase.SearchRowid.albumBase, LibraryDatabase.SearchRowid.artistBase),
        (LibraryDatabase.SearchRowid.artistBase, LibraryDatabase.SearchRowid.stationBase),
        (LibraryDatabase.SearchRowid.stationBase, LibraryDatabase.SearchRowid.end),
    ]

    /// The words of `query` as FTS5 strings, or nil when it has none: each word with a letter
    /// or digit, in double quotes.
    ///
    /// FTS5 reads the expression scalar by scalar and ends it at a NUL, so every `"` and NUL
    /// scalar, even one a combining mark joins to the next character, becomes a space:
    /// neither is part of a token, so the phrase finds the same words.
    static func matchWords(_ query: String) -> [String]? {
        let words = query.split(whereSeparator: { $0.isWhitespace })
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
        guard !words.isEmpty else { return nil }
        return words.map { word in
            let scalars = word.unicodeScalars.map { $0 == "\"" || $0 == "\0" ? " " : $0 }
            return "\"" + String(String.UnicodeScalarView(scalars)) + "\""
        }
    }

    private static func searchEntry(_ rowid: Int64, _ db: Database) throws -> CatalogEntry? {
        switch rowid {
        case ..<LibraryDatabase.SearchRowid.albumBase:
            return try Row.fetchOne(db.cachedStatement(sql: CatalogRows.trackSelect + " WHERE t.id = ?"), arguments: [rowid])
                .map { .track(CatalogRows.track($0)) }
        case ..<LibraryDatabase.SearchRowid.artistBase:
            return try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM album WHERE id = ?"),
                arguments: [rowid - LibraryDatabase.SearchRowid.albumBase]
            ).map(CatalogRows.albumEntry)
        case ..<LibraryDatabase.SearchRowid.stationBase:
            return try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM artist WHERE id = ?"),
                arguments: [rowid - LibraryDatabase.SearchRowid.artistBase]
            ).map { .artist(CatalogRows.artist($0)) }
        default:
            return try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM station WHERE id = ?"),
                arguments: [rowid - LibraryDatabase.SearchRowid.stationBase]
            ).map { .station(CatalogRows.station($0)) }
        }
    }
}
