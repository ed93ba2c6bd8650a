import Foundation
import Testing

@testable import Library

/// The library's SQL conditions on tracks against the judge a reader applies after them:
/// folded matches fold as Swift's `lowercased()` does, outside ASCII too (where SQLite's
/// `LIKE` does not: the Kelvin sign folds to `k`, `İ` to `i̇`), and take `%`, `_` and `\`
/// as themselves; equality is exact; a missing field reads as empty.
struct TrackConditionTests {
    static let titles = [
        "Love Song", "LOVE me", "Björk Live", "\u{212A}ing of Kelvin", "100% Pure", "under_score", #"back\slash"#, "plain",
        "İstanbul", "Why\u{037E}", "Cafe\u{301} Noir",
    ]
    static let parts = ["love", "LOV", "king", "%", "_", #"\"#, "björk", "", "live", "zzz", "i", "100", "pure", ";", "why;", "cafe", "e noir"]

    private func library() throws -> LibraryFixture {
        let library = try LibraryFixture()
        for (index, title) in Self.titles.enumerated() {
            try library.add("a/\(index).mp3", ["title": title, "artist": index.isMultiple(of: 2) ? "Even" : "Odd", "track": "\(index + 1)"])
        }
        try library.add("b/none.mp3", ["artist": "Even"])
        try library.scan()
        return library
    }

    private func titles(_ store: LibraryStore, _ condition: TrackCondition) throws -> Set<String> {
        Set(try store.tracks(under: nil, where: condition).map(\.title))
    }

    @Test func foldedMatchesAreSwiftsOwn() throws {
        let library = try library()
        defer { library.remove() }
        let all = try titles(library.store, .always)
        #expect(all.count == Self.titles.count + 1)
        for part in Self.parts {
            let folded = part.lowercased()
            let containing = Set(all.filter { $0.lowercased().contains(folded) || folded.isEmpty })
            let starting = Set(all.filter { $0.lowercased().hasPrefix(folded) })
            #expect(try titles(library.store, .containsFolded([.title], part)) == containing, "contains \(part)")
            #expect(try titles(library.store, .startsWithFolded(.title, part)) == starting, "starts with \(part)")
        }
        #expect(try titles(library.store, .containsFolded([.title], "KING")) == ["\u{212A}ing of Kelvin"])
        #expect(try titles(library.store, .containsFolded([.title], "BJÖRK")) == ["Björk Live"])
    }

    @Test func aFoldedMatchReadsEveryFieldItNames() throws {
        let library = try library()
        defer { library.remove() }
        #expect(try titles(library.store, .containsFolded([.title, .artist], "odd")).count == 5)
        #expect(try titles(library.store, .containsFolded([.title, .trackNumber], "9")) == ["İstanbul"])
        #expect(try titles(library.store, .containsFolded([], "odd")).isEmpty)
        // A missing field is empty: it starts with the empty prefix.
        #expect(try library.store.tracks(under: nil, where: .startsWithFolded(.genre, "")).count == Self.titles.count + 1)
        #expect(try library.store.tracks(under: nil, where: .startsWithFolded(.genre, "r")).isEmpty)
    }

    @Test func equalityIsExactAndTheEmptyValueIsTheMissingOne() throws {
        let library = try library()
        defer { library.remove() }
        #expect(try titles(library.store, .equals(.title, "Love Song")) == ["Love Song"])
        #expect(try titles(library.store, .equals(.title, "love song")).isEmpty)
        #expect(try titles(library.store, .equals(.trackNumber, "3")) == ["Björk Live"])
        #expect(try library.store.tracks(under: nil, where: .equals(.album, "")).count == Self.titles.count + 1)
        #expect(try library.store.tracks(under: nil, where: .equals(.genre, "x")).isEmpty)
    }

    @Test func conditionsCombineAndStayUnderTheirDirectory() throws {
        let library = try library()
        defer { library.remove() }
        let evenLove = TrackCondition.all([.equals(.artist, "Even"), .containsFolded([.title], "love")])
        #expect(try titles(library.store, evenLove) == ["Love Song"])
        let either = TrackCondition.any([.equals(.title, "plain"), .equals(.title, "LOVE me")])
        #expect(try titles(library.store, either) == ["plain", "LOVE me"])
        #expect(try titles(library.store, .any([])).isEmpty)
        #expect(try titles(library.store, .all([])).count == Self.titles.count + 1)
        #expect(try library.store.tracks(under: library.music + "/b", where: .equals(.artist, "Even")).map(\.path) == [library.music + "/b/none.mp3"])
        #expect(try library.store.tracks(under: library.music + "/b", where: .equals(.artist, "Odd")).isEmpty)
    }

    @Test func distinctValuesReadEachCombinationOnce() throws {
        let library = try library()
        defer { library.remove() }
        let rows = try library.store.distinctValues(of: [.artist, .album], under: nil)
        #expect(Set(rows.map { $0[0] ?? "-" }) == ["Even", "Odd"])
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0[1] == nil })
        let numbers = try library.store.distinctValues(of: [.trackNumber], under: nil, where: .equals(.artist, "Odd"))
        #expect(Set(numbers.map { $0[0] }) == ["2", "4", "6", "8", "10"])
    }

    /// Many matches are ordered and paged by their paths, and only the page is read whole.
    @Test func pathsFirstThenThePageWhole() throws {
        let library = try library()
        defer { library.remove() }
        let found = try library.store.trackPaths(under: nil, where: .equals(.artist, "Odd"))
        #expect(Set(found.map(\.path)) == Set([1, 3, 5, 7, 9].map { library.music + "/a/\($0).mp3" }))
        let page = Array(found.sorted { $0.path > $1.path }.prefix(2))
        let tracks = try library.store.tracks(ids: page.map(\.id) + [999_999])
        #expect(tracks.map(\.path) == page.map(\.path))
        #expect(tracks.map(\.artist) == ["Odd", "Odd"])
        #expect(try library.store.tracks(ids: []).isEmpty)
    }
}
