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
}
