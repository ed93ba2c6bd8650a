import ContentIdentifiers
import GRDB

/// The music library in the database: what the scanner writes and the browse tree reads.
///
/// Every ``CatalogList`` is read by rank columns the store recomputes after each scan
/// (``LibraryDatabase/createLibrary(_:)``), so ``entries(_:in:)`` for a small range and
/// ``count(_:)`` are index seeks whatever the library's size. Reads run on the pool's
/// reader connections and see the last committed scan batch.
///
/// Thread safety: stateless apart from the database, which serialises writers and isolates
/// readers, and the search index's vocabulary, which replaces itself whole; share one store
/// between any number of tasks.
public final class LibraryStore: LibraryCatalog, Sendable {
    /// Most distinct tracks ``CatalogList/recentlyPlayed`` holds.
    static let recentlyPlayedLimit = 50

    let database: LibraryDatabase
    /// The search index's terms, kept for ``search(_:limit:)``.
    let searchVocabulary = SearchVocabulary()

    /// Creates a store over an open (and so migrated) database.
    /// - Parameter database: the library database.
    public init(database: LibraryDatabase) {
        self.database = database
    }

    /// How many entries `list` holds.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func count(_ list: CatalogList) throws(StoreError) -> Int {
        try database.read { db in try Self.count(list, db) }
    }

    /// The entries of `list` at the positions in `range`, clamped to the list.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func entries(_ list: CatalogList, in range: Range<Int>) throws(StoreError) -> [CatalogEntry] {
        let lower = max(range.lowerBound, 0)
        guard range.upperBound > lower else { return [] }
        return try database.read { db in try Self.entries(list, in: lower..<range.upperBound, db) }
    }

    /// Whether the library holds no track, spoken word included: one index probe.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func isEmpty() throws(StoreError) -> Bool {
        try database.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT NOT EXISTS (SELECT 1 FROM track)")) ?? true
        }
    }

    /// The library track at `path`, if the scanner took that file in, or the podcast
    /// episode whose identifier `path` is.
    /// - Parameter path: the file's absolute path, or an episode's identifier.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func track(atPath path: String) throws(StoreError) -> CatalogTrack? {
        try database.read { db in
            if path.hasPrefix(CatalogIdentifier.episodePrefix) { return try Self.episode(path, db) }
            return try Row.fetchOne(db.cachedStatement(sql: "\(CatalogRows.trackSelect) WHERE t.path = ?"), arguments: [path])
                .map(CatalogRows.track)
        }
    }
}
