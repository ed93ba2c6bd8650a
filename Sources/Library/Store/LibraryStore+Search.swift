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
            guard let plan = try SearchPlan.make(words, vocabulary: searchVocabulary, db) else { return [] }
            let statement = try db.cachedStatement(
                sql: """
                    SELECT rowid, \(SearchRanking.functionName)(search, ?) FROM search
                    WHERE search MATCH ? AND rowid >= ? AND rowid < ? LIMIT ?
                    """)
            var scored: [(rowid: Int64, score: Double)] = []
            for kind in Self.searchKinds {
                let rows = try Row.fetchCursor(
                    statement, arguments: [plan.rankingArgument, plan.expression, kind.base, kind.end, Self.searchCandidatesPerKind])
                while let row = try rows.next() { scored.append((row[0], row[1])) }
            }
            scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.rowid < $1.rowid }
            return try Self.searchEntries(scored.prefix(limit).map(\.rowid), db)
        }
    }

    /// Whether a search found the search index's vocabulary in memory out of date (or never
    /// read), and read the index's own instead, since the last time this said so: true to
    /// one caller, which should then ``refreshSearchVocabulary()`` off the request path.
    public func claimSearchVocabularyRefresh() -> Bool { searchVocabulary.claimRefresh() }

    /// Reads the search index's vocabulary into memory again if the index changed since it
    /// was last read: a pass over the whole index, for the searches that follow.
    /// - Returns: whether it was read again.
    /// - Throws: ``StoreError`` when the database cannot be read.
    @discardableResult
    public func refreshSearchVocabulary() throws(StoreError) -> Bool {
        try database.read { db in try searchVocabulary.refresh(db) }
    }

    /// How many matches of each kind (tracks, albums, artists, stations) a search ranks at most.
    public static let searchCandidatesPerKind = 200

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

    /// One kind's rows in the search index, and how its entries are read.
    private struct SearchKind: Sendable {
        /// The kind's first rowid; a row's id is its rowid minus it.
        let base: Int64
        /// One past the kind's last rowid.
        let end: Int64
        /// Selects the kind's rows whose `id` is in the JSON array bound to it, `id` first.
        let select: String
        let entry: @Sendable (Row) -> CatalogEntry
    }

    /// The rowid range of each kind in the search index: tracks, albums, artists, stations.
    private static let searchKinds = [
        SearchKind(
            base: 0, end: LibraryDatabase.SearchRowid.albumBase,
            select: CatalogRows.trackSelect + " WHERE t.id IN (SELECT value FROM json_each(?))",
            entry: { .track(CatalogRows.track($0)) }),
        SearchKind(
            base: LibraryDatabase.SearchRowid.albumBase, end: LibraryDatabase.SearchRowid.artistBase,
            select: "SELECT * FROM album WHERE id IN (SELECT value FROM json_each(?))", entry: CatalogRows.albumEntry),
        SearchKind(
            base: LibraryDatabase.SearchRowid.artistBase, end: LibraryDatabase.SearchRowid.stationBase,
            select: "SELECT * FROM artist WHERE id IN (SELECT value FROM json_each(?))",
            entry: { .artist(CatalogRows.artist($0)) }),
        SearchKind(
            base: LibraryDatabase.SearchRowid.stationBase, end: LibraryDatabase.SearchRowid.end,
            select: "SELECT * FROM station WHERE id IN (SELECT value FROM json_each(?))",
            entry: { .station(CatalogRows.station($0)) }),
    ]

    /// The entries of the search index's `rowids`, in their order, with one query per kind;
    /// a row deleted meanwhile is left out.
    private static func searchEntries(_ rowids: some Collection<Int64>, _ db: Database) throws -> [CatalogEntry] {
        var entries: [Int64: CatalogEntry] = [:]
        for kind in searchKinds {
            let ids = rowids.filter { $0 >= kind.base && $0 < kind.end }.map { String($0 - kind.base) }
            guard !ids.isEmpty else { continue }
            let rows = try Row.fetchCursor(db.cachedStatement(sql: kind.select), arguments: ["[" + ids.joined(separator: ",") + "]"])
            while let row = try rows.next() {
                entries[kind.base + (row["id"] as Int64)] = kind.entry(row)
            }
        }
        return rowids.compactMap { entries[$0] }
    }
}
