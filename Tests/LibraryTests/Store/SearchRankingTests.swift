import GRDB
import RondoTesting
import Testing

@testable import Library

/// Library search at the index: ``SearchRanking`` scores every row as FTS5's bm25 does, and
/// ``SearchPlan`` writes long words out as their terms without losing or adding a match.
struct SearchRankingTests {
    /// Forty tracks whose words recur across title, artist, album and genre, in different
    /// amounts and row lengths, so bm25's terms all vary.
    private static func library() throws -> LibraryFixture {
        let library = try LibraryFixture()
        let words = ["river", "lonely", "night", "river night", "golden", "lonely river", "ocean", "glass"]
        for number in 0..<40 {
            let title = words[number % words.count] + (number % 3 == 0 ? " song of the \(words[(number + 2) % words.count])" : "")
            try library.add(
                "\(number).mp3",
                [
                    "title": title,
                    "artist": number % 5 == 0 ? "The Lonely Rivers" : "Artist \(words[(number + 1) % words.count])",
                    "album": "Album \(words[(number + 3) % words.count]) \(number % 4)",
                    "genre": number % 2 == 0 ? "River Rock" : "Night Pop",
                ])
        }
        try library.scan()
        return library
    }

    /// For one-word and two-word queries, short and long, the same rows match as with the
    /// plain prefix query, and each row's score is bm25's (to 1e-9; for a lone word, bm25's
    /// times one factor for every row, since the word is not counted): the plan's counts and
    /// the written-out terms change how the index is read, not the ranking.
    @Test(arguments: ["river", "lonely", "lon", "riv nig", "golden river", "the", "ocean glass", "rock", "lonely night"])
    func scoresAreBM25s(query: String) throws {
        let library = try Self.library()
        defer { library.remove() }
        let words = try #require(LibraryStore.matchWords(query))
        let (ours, reference) = try library.database.pool.read { db in
            let vocabulary = SearchVocabulary()
            try vocabulary.refresh(db)
            let plan = try #require(try SearchPlan.make(words, vocabulary: vocabulary, db))
            let ours = try Row.fetchAll(
                db, sql: "SELECT rowid, rondo_rank(search, ?) FROM search WHERE search MATCH ? ORDER BY rowid",
                arguments: [plan.rankingArgument, plan.expression]
            ).map { ($0[0] as Int64, $0[1] as Double) }
            let reference = try Row.fetchAll(
                db, sql: "SELECT rowid, bm25(search, 10.0, 6.0, 4.0, 1.0) FROM search WHERE search MATCH ? ORDER BY rowid",
                arguments: [words.map { $0 + "*" }.joined(separator: " ")]
            ).map { ($0[0] as Int64, $0[1] as Double) }
            return (ours, reference)
        }
        try #require(!reference.isEmpty)
        #expect(ours.map(\.0) == reference.map(\.0))
        let scale = words.count == 1 ? ours[0].1 / reference[0].1 : 1
        for (mine, theirs) in zip(ours, reference) {
            #expect(
                abs(mine.1 - scale * theirs.1) < 1e-9 * max(1, abs(mine.1)),
                "rowid \(mine.0): \(mine.1) against bm25's \(theirs.1) × \(scale)")
        }
    }

    /// A word longer than the prefix indexes finds every term it begins, accents folded, and
    /// nothing else; a word no term begins finds nothing; a word that more terms begin than
    /// are written out stays a prefix and still finds them all.
    @Test func longWordsFindWhatTheirPrefixFinds() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        for (number, title) in ["Machine", "Machines", "Machinery", "Mach", "Mañana", "Manana Dawn"].enumerated() {
            try library.add("m\(number).mp3", ["title": title, "artist": "A", "album": "B"])
        }
        for number in 1...40 {
            try library.add("i\(number).mp3", ["title": "Interlude\(number)", "artist": "A", "album": "B"])
        }
        try library.scan()
        let store = library.store
        #expect(try store.search("machin", limit: 10).map(\.title).sorted() == ["Machine", "Machinery", "Machines"])
        #expect(try store.search("MACHINES", limit: 10).map(\.title) == ["Machines"])
        #expect(try store.search("mañan", limit: 10).map(\.title).sorted() == ["Manana Dawn", "Mañana"])
        #expect(try store.search("manana dawn", limit: 10).map(\.title) == ["Manana Dawn"])
        #expect(try store.search("machinez", limit: 10).isEmpty)
        #expect(try store.search("machine zzzzzz", limit: 10).isEmpty)
        #expect(try store.search("interl", limit: 100).filter { $0.title.hasPrefix("Interlude") }.count == 40)
        let plan = try library.database.pool.read { db in
            try SearchPlan.make(try #require(LibraryStore.matchWords("interl machin")), vocabulary: SearchVocabulary(), db)
        }
        #expect(plan?.expression == "\"interl\"* AND (\"machine\" OR \"machinery\" OR \"machines\")")
    }
}
