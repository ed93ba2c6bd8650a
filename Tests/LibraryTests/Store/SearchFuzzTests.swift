import Library
import RondoTesting
import Testing

/// Makes hostile search queries from a seeded generator, so every run replays the same inputs.
private struct HostileQueries {
    /// FTS5 syntax, SQL and text that trips up tokenizers.
    static let fragments = [
        "\"", "\"\"", "*", "(", ")", ":", "^", "-", "+", "NEAR", "NEAR(", "NEAR/3", "AND", "OR", "NOT", "and", "{",
        "}", "title:", "artist:", "search:", "rowid", "'", "`", "[", "]", ",", ";", "--", "/*", "\\", "%", "_",
        "bohem", "queen", "café", "CAFÉ", "cafe\u{301}", "日本", "ß", "ﬁ", "İ", "ǅ", "١٢٣", "Ⅻ", "½", "²",
        "🎵", "👍🏽", "👨‍👩‍👧", "🇫🇷", "\u{200D}", "\u{200B}", "\u{FEFF}", "\u{202E}", "\u{301}", "\u{FFFD}",
        "\u{0}", "\u{1}", "\u{7}", "\u{1B}[0m", "\u{7F}", "\u{85}", "\u{2028}", "\t", "\n", "\r\n", " ", "\u{3000}",
    ]

    /// Characters with no letter or digit that may stick to a word without changing what it
    /// finds.
    static let wordlessGlue = [
        "\"", "*", "(", ")", ":", "^", "-", "+", "'", ".", ",", "!", "?", "~", "{", "}", "[", "]", "/", "\\", "🎵", "\u{0}",
        "\u{1}", "\u{7F}", "\u{200B}", "\t", "\n", " ", "",
    ]

    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    /// Any query at all: fragments, random scalars, a very long string, or only space.
    mutating func anyQuery() -> String {
        switch below(8) {
        case 0: return String(repeating: " ", count: below(4)) + ["", "\t\n", "\u{3000}\u{A0}"][below(3)]
        case 1: return String(repeating: Self.fragments[below(Self.fragments.count)], count: 1 + below(20_000))
        case 2: return String(String.UnicodeScalarView((0..<1 + below(40)).map { _ in randomScalar() }))
        default: return (0..<1 + below(12)).map { _ in fragment() }.joined(separator: below(3) == 0 ? "" : " ")
        }
    }

    /// `word` with wordless glue stuck to it and wordless noise around it.
    mutating func glued(_ word: String) -> String {
        let noise = (0..<below(4)).map { _ in glue() + glue() }
        return (noise + [glue() + word + glue()] + noise.shuffled(using: &rng)).joined(separator: " ")
    }

    private mutating func fragment() -> String {
        below(6) == 0 ? String(String.UnicodeScalarView([randomScalar()])) : Self.fragments[below(Self.fragments.count)]
    }

    private mutating func glue() -> String { Self.wordlessGlue[below(Self.wordlessGlue.count)] }

    private mutating func randomScalar() -> Unicode.Scalar {
        while true {
            let value = below(4) == 0 ? UInt32(below(0x80)) : UInt32(below(0x11_0000))
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }
}

/// ``LibraryStore/search(_:limit:)`` on a real SQLite library scanned from files: any text
/// is a safe query, and a known word wrapped in FTS5 syntax still finds its track.
@Suite(.tags(.fuzz), .fullLane(.fuzz))
struct SearchFuzzTests {
    /// A library of four tracks, one with FTS5 syntax in its tags.
    private static func library() throws -> LibraryFixture {
        let library = try LibraryFixture()
        try library.add("1.mp3", ["title": "Bohemian Rhapsody", "artist": "Queen", "album": "A Night at the Opera", "genre": "Rock"])
        try library.add("2.mp3", ["title": "Café del Mar", "artist": "Energy 52", "album": "Café", "genre": "Trance"])
        try library.add("3.mp3", ["title": "日本の歌", "artist": "Sigur Rós", "album": "Ágætis byrjun", "genre": "Post-Rock"])
        try library.add("4.mp3", ["title": "NEAR(\"AND\" OR*) NOT: ^x", "artist": "title:artist", "album": "-+-", "genre": "\""])
        try library.scan()
        return library
    }

    /// 4,000 seeded queries of FTS5 syntax, quotes, unicode, emoji, control characters, very
    /// long and empty strings never throw, and never return more than the limit.
    @Test(.timeLimit(.minutes(10)))
    func anyQueryIsSafe() throws {
        let library = try Self.library()
        defer { library.remove() }
        var queries = HostileQueries(rng: SplitMix64(seed: 0x5345_4152_4348))
        var failures: [String] = []
        var found = 0
        for index in 0..<4_000 {
            let query = queries.anyQuery()
            let limit = [0, 1, 3, 50, Int.max][queries.below(5)]
            do {
                let results = try library.store.search(query, limit: limit)
                found += results.count
                if results.count > limit { failures.append("#\(index): \(results.count) results over \(limit)") }
            } catch {
                if failures.count < 20 { failures.append("#\(index) \(query.prefix(80).debugDescription): \(error)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(found > 0)
    }

    /// A NUL, which ended FTS5's reading of the expression inside a quoted word, and a `"`
    /// joined to a combining accent in one character, which escaped the quoting, are searched
    /// safely and the word around them still finds its track.
    @Test(arguments: ["\0bohem", "bohem\0", "\0\0rhaps", "bohem\"\u{301}", "\"\u{301}rhaps", "\"\u{301}\0bohem\"\u{301}"])
    func quoteAndNULScalarsAreSafe(query: String) throws {
        let library = try Self.library()
        defer { library.remove() }
        #expect(try library.store.search(query, limit: 10).map(\.title) == ["Bohemian Rhapsody"])
    }

    /// 2,000 seeded queries of a known word prefix with wordless syntax, emoji and control
    /// characters stuck to it and around it each find the word's track.
    @Test(.timeLimit(.minutes(10)))
    func knownWordsSurviveTheirWrapping() throws {
        let library = try Self.library()
        defer { library.remove() }
        var queries = HostileQueries(rng: SplitMix64(seed: 0x474C_5545))
        let known = [("bohem", "Bohemian Rhapsody"), ("CAFE", "Café del Mar"), ("ros", "日本の歌"), ("near", "NEAR(\"AND\" OR*) NOT: ^x")]
        var failures: [String] = []
        for index in 0..<2_000 {
            let (word, title) = known[index % known.count]
            let query = queries.glued(word)
            do {
                let titles = try library.store.search(query, limit: 10).map(\.title)
                if !titles.contains(title), failures.count < 20 { failures.append("#\(index) \(query.debugDescription): \(titles)") }
            } catch {
                if failures.count < 20 { failures.append("#\(index) \(query.debugDescription): \(error)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
