import Library
import MPDProtocol
import Testing

@testable import RondoMPD

/// How the MPD front end asks the library for songs: the SQL condition each filter becomes
/// (SQLite sifts, the filter judges what it reads), and MPD's order of a tree's songs.
@Suite struct MPDQueryTests {
    private let paths = MPDPaths(musicDirectory: "/music")

    private func condition(_ arguments: String..., foldCase: Bool = false) throws -> TrackCondition {
        paths.trackCondition(try MPDFilter.parse(arguments, foldCase: foldCase, command: "find")).condition
    }

    @Test func eachComparisonBecomesTheConditionItImplies() throws {
        let everyTagField = MPDPaths.tagFields.map(\.field)
        #expect(try condition("any", "Ana", foldCase: true) == .containsFolded(everyTagField, "Ana"))
        #expect(try condition("(artist == 'Ana')") == .any([.equals(.artist, "Ana")]))
        // AlbumArtist falls back to the artist.
        #expect(try condition("(AlbumArtist == 'X')") == .any([.equals(.albumArtist, "X"), .equals(.artist, "X")]))
        #expect(try condition("(title contains 'rain')") == .containsFolded([.title], "rain"))
        #expect(try condition("(date == '1999')") == .any([.equals(.year, "1999")]))
        #expect(try condition("(file == 'A/b.mp3')") == .equals(.path, "/music/A/b.mp3"))
        #expect(try condition("(album == 'A')", "(genre == 'G')") == .all([.any([.equals(.album, "A")]), .any([.equals(.genre, "G")])]))
    }

    /// Where SQL decides as the filter would, the filter does not judge again.
    @Test func exactConditionsAreKnown() throws {
        func isExact(_ arguments: String..., foldCase: Bool = false) throws -> Bool {
            paths.trackCondition(try MPDFilter.parse(arguments, foldCase: foldCase, command: "find")).isExact
        }
        #expect(try isExact("any", "Ana", foldCase: true))
        #expect(try isExact("title", "rain", foldCase: true))
        #expect(try isExact("(artist == 'Ana')"))
        #expect(try isExact("(file == 'A/b.mp3')"))
        #expect(try isExact("(artist == 'Ana')", "(album == 'B')"))
        #expect(try !isExact("(AlbumArtist == 'X')"))
        #expect(try !isExact("(date == '1999')"))
        #expect(try !isExact("(title contains 'rain')"))
        #expect(try !isExact("any", "", foldCase: true))
        #expect(try !isExact("(artist == 'Ana')", "(title != 'B')"))
    }

    @Test func whatSQLCannotFollowReadsEveryTrack() throws {
        for filter in [
            "(artist != 'Ana')", "(!(artist == 'Ana'))", "(title =~ 'r.*n')", "(modified-since '2000-01-01T00:00:00Z')",
            "(base 'A')", "(file == 'http://radio/stream')", "(performer == 'P')",
        ] {
            #expect(try condition(filter) == .always, "\(filter)")
        }
    }

    /// A directory's songs come before its subdirectories, each by name, at every level.
    @Test func songsComeInMPDsTreeOrder() {
        let uris = ["A/z.mp3", "A/B/a.mp3", "A/a.mp3", "b.mp3", "A/B/C/a.mp3", "A/B/z.mp3", "a.mp3", "A/Ba/a.mp3"]
        let ordered = MPDCommands.inTreeOrder(uris) { $0 }
        #expect(ordered == ["a.mp3", "b.mp3", "A/a.mp3", "A/z.mp3", "A/B/a.mp3", "A/B/z.mp3", "A/B/C/a.mp3", "A/Ba/a.mp3"])
    }

    /// Names in a directory come in MPD's (ICU's) order, as the real MPD lists them:
    /// punctuation, then digits one by one, then letters whatever their case and accents.
    @Test func namesComeInMPDsCollatedOrder() {
        let names = ["z", "é", "E", "C", "b", "Ä", "a", "9", "10", "_x"].map { "O/\($0).mp3" }
        let ordered = MPDCommands.inTreeOrder(names.shuffled()) { $0 }
        #expect(ordered == ["_x", "10", "9", "a", "Ä", "b", "C", "E", "é", "z"].map { "O/\($0).mp3" })
        let directories = ["O/dd/x.mp3", "O/Dc/x.mp3", "O/da/x.mp3", "O/y.mp3"]
        #expect(MPDCommands.inTreeOrder(directories) { $0 } == ["O/y.mp3", "O/da/x.mp3", "O/Dc/x.mp3", "O/dd/x.mp3"])
    }

    /// The order by directory, then name, is MPD's walk of its tree: at each directory its
    /// songs by name, then each subdirectory by name, all the way down (checked against that
    /// walk on random trees of names in several scripts and cases).
    @Test func theOrderIsTheWalkOfTheTree() {
        let names = ["a", "B", "é", "É", "10", "9", "_x", "Фантом", "фантом", "東京", "a b", "ab"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let uris = (0..<60).map { _ in
                (0..<Int.random(in: 1...4, using: &random)).map { _ in names.randomElement(using: &random)! }.joined(separator: "/")
            }
            #expect(
                MPDCommands.inTreeOrder(uris) { $0 } == Self.walk(Set(uris).sorted(), counts: Dictionary(uris.map { ($0, 1) }, uniquingKeysWith: +)))
        }
    }

    /// Two directories whose names are canonically equal but written apart (`é` composed,
    /// and `e` with a combining accent) are two directories: their songs do not mix.
    @Test func canonicallyEqualDirectoriesStayApart() {
        let composed = "\u{e9}"
        let decomposed = "e\u{301}"
        let ordered = MPDCommands.inTreeOrder([composed + "/b.mp3", decomposed + "/a.mp3", composed + "/a.mp3", decomposed + "/c.mp3"]) { $0 }
        let directories = ordered.map { Array($0.utf8.prefix { $0 != UInt8(ascii: "/") }) }
        #expect(directories == [Array(decomposed.utf8), Array(decomposed.utf8), Array(composed.utf8), Array(composed.utf8)], "\(ordered)")
    }

    /// MPD's walk of the tree of `uris` (each listed as often as `counts` says).
    private static func walk(_ uris: [String], counts: [String: Int], prefix: String = "") -> [String] {
        func key(_ name: Substring) -> [UInt8] {
            var folded: [Substring: [UInt8]] = [:]
            var key: [UInt8] = []
            MPDCollation.append(name.utf8, to: &key, folded: &folded)
            return key
        }
        let here = uris.filter { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count) }
        let files = here.filter { !$0.contains("/") }.sorted { key($0).lexicographicallyPrecedes(key($1)) }
        let directories = Set(here.compactMap { $0.split(separator: "/", maxSplits: 1).count == 2 ? $0.split(separator: "/")[0] : nil })
            .sorted { key($0).lexicographicallyPrecedes(key($1)) }
        return files.flatMap { Array(repeating: prefix + $0, count: counts[prefix + $0] ?? 0) }
            + directories.flatMap { walk(uris, counts: counts, prefix: prefix + $0 + "/") }
    }
}
