import GRDB
import RondoTesting
import Testing

@testable import Library

/// ``SearchVocabulary``: the index's terms in memory, used only while the index is as it was
/// when they were read.
struct SearchVocabularyTests {
    /// Titles whose words share prefixes, carry accents, and use scripts beyond ASCII.
    private static let titles = [
        "Machine Gun", "Machines of Love", "Machinery", "Mach Five", "Bohemian Rhapsody", "Bohème",
        "Über Alles", "Ubermensch", "Ça Plane Pour Moi", "Cañón", "Στην Αθήνα", "Straße", "東京 Tokyo",
        "Naïve Melody", "Nairobi Nights", "Quarantine", "Quartet in Blue", "Quartets",
    ]

    private func library() throws -> LibraryFixture {
        let library = try LibraryFixture()
        for (index, title) in Self.titles.enumerated() {
            try library.add("v/\(index).mp3", ["title": title, "artist": "Artist \(index % 3)", "album": "Collected \(index % 4)"])
        }
        try library.scan()
        return library
    }

    /// What `fts5vocab` lists for `prefix`, as the search read it before.
    private func indexed(_ prefix: String, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db, sql: "SELECT term FROM temp.search_terms WHERE term >= ? AND term < ? ORDER BY term", arguments: [prefix, prefix + "\u{10FFFF}"])
    }

    /// Every prefix of every term lists, from memory, the terms and row counts the index lists.
    @Test func listsWhatTheIndexLists() throws {
        let library = try library()
        defer { library.remove() }
        let vocabulary = SearchVocabulary()
        try library.database.pool.read { db in
            #expect(try vocabulary.refresh(db))
            let all = try Row.fetchAll(db, sql: "SELECT term, doc FROM temp.search_terms")
            #expect(all.count > 30)
            var prefixes = Set<String>()
            for row in all {
                let term: String = row[0]
                for length in 1...term.count { prefixes.insert(String(term.prefix(length))) }
            }
            prefixes.formUnion(["zz", "qx", "machinez", "\u{10FFFF}"])
            for prefix in prefixes {
                let fromMemory = try #require(try vocabulary.terms(beginning: prefix, limit: 1_000, db))
                #expect(fromMemory.map(\.term) == (try indexed(prefix, db)), "prefix \(prefix)")
                for (term, rows) in fromMemory {
                    #expect(rows == (try Int64.fetchOne(db, sql: "SELECT doc FROM temp.search_terms WHERE term = ?", arguments: [term])))
                }
            }
            #expect(try vocabulary.terms(beginning: "machine", limit: 2, db)?.map(\.term) == ["machine", "machinery"])
        }
    }

    /// Once the index changes (a station added), the terms in memory are not used: the search
    /// asks for a refresh, once, and still finds the new word from the index itself; after the
    /// refresh it is found from memory, and a second refresh reads nothing.
    @Test func aChangedIndexIsReadAgain() throws {
        let library = try library()
        defer { library.remove() }
        let store = library.store
        #expect(try store.refreshSearchVocabulary())
        #expect(!(try store.refreshSearchVocabulary()))
        #expect(try store.search("quarantine", limit: 5).map(\.title) == ["Quarantine"])
        #expect(!store.claimSearchVocabularyRefresh())

        _ = try store.addStation(StationDraft(url: "http://127.0.0.1:9/stream", name: "Quarantined Radio", artworkURL: nil))
        let stale = try library.database.pool.read { db in try store.searchVocabulary.terms(beginning: "quarantin", limit: 10, db) }
        #expect(stale == nil)
        #expect(try store.search("quarantined", limit: 5).map(\.title) == ["Quarantined Radio"])
        #expect(store.claimSearchVocabularyRefresh())
        #expect(!store.claimSearchVocabularyRefresh())

        #expect(try store.refreshSearchVocabulary())
        let fresh = try library.database.pool.read { db in try store.searchVocabulary.terms(beginning: "quarantin", limit: 10, db) }
        #expect(fresh?.map(\.term) == ["quarantine", "quarantined"])
        #expect(try store.search("quarantined", limit: 5).map(\.title) == ["Quarantined Radio"])
        #expect(!store.claimSearchVocabularyRefresh())
        #expect(!(try store.refreshSearchVocabulary()))
    }

    /// A search answers the same, result for result, whether the terms come from memory or
    /// from the index: every title's words, their prefixes and pairs of them.
    @Test func searchesAnswerTheSameFromMemory() throws {
        let library = try library()
        defer { library.remove() }
        let fromIndex = LibraryStore(database: library.database)
        let fromMemory = library.store
        try fromMemory.refreshSearchVocabulary()
        var queries = Set<String>()
        let words = Self.titles.flatMap { $0.split(separator: " ").map(String.init) }
        for word in words {
            for length in 1...word.count { queries.insert(String(word.prefix(length))) }
        }
        for (first, second) in zip(words, words.dropFirst(3)) { queries.insert(first + " " + second) }
        for query in queries.sorted() {
            #expect(try fromMemory.search(query, limit: 50) == (try fromIndex.search(query, limit: 50)), "query \(query)")
        }
        #expect(!fromMemory.claimSearchVocabularyRefresh())
        #expect(fromIndex.claimSearchVocabularyRefresh())
    }
}
