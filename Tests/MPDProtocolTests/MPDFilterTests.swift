import Foundation
import MPDProtocol
import RondoTesting
import Testing

/// Filters read and applied as MPD 0.23 reads and applies them: expressions with each
/// operator, negation, `AND` and nesting; `base`, `file` and `any`; case folded for `search`
/// and exact for `find`; old-style `TAG VALUE` pairs; several values of a tag and a missing
/// tag; escapes in quoted values; and every malformed expression refused with an `argument`
/// ACK naming the command.
struct MPDFilterTests {
    /// A song with a repeated tag (`Genre`) and no `Composer`.
    static let hunter = MPDSong(
        file: "Music/Björk/Homogenic/01 Hunter.flac", lastModified: "2026-11-29T10:00:00Z", duration: 255.5,
        tags: [
            (.artist, "Björk"), (.album, "Homogenic"), (.title, "Hunter"), (.track, "1"), (.genre, "Electronic"),
            (.genre, "Trip-Hop"), (.date, "1997"),
        ])
    /// A song without a single tag.
    static let bare = MPDSong(file: "Streams/radio.m3u")

    private func matches(_ arguments: [String], foldCase: Bool = false, _ song: MPDSong = hunter) throws(MPDAck) -> Bool {
        try MPDFilter.parse(arguments, foldCase: foldCase, command: foldCase ? "search" : "find").matches(song)
    }

    private func refusal(_ arguments: [String], foldCase: Bool = false, command: String = "find") -> MPDAck? {
        do throws(MPDAck) {
            _ = try MPDFilter.parse(arguments, foldCase: foldCase, command: command)
            return nil
        } catch {
            return error
        }
    }

    /// Each operator, negation, `AND`, nesting, `base`, `file` and `any` select as MPD's do.
    @Test(arguments: [
        ("(artist == 'Björk')", true),
        ("(Artist == \"Björk\")", true),
        ("(ARTIST == 'Björk')", true),
        ("(artist == 'Portishead')", false),
        ("(artist != 'Björk')", false),
        ("(artist != 'Portishead')", true),
        ("(album contains 'mogen')", true),
        ("(album contains 'Post')", false),
        ("(title starts_with 'Hun')", true),
        ("(title starts_with 'unter')", false),
        ("(title =~ '^H.nt')", true),
        ("(title =~ 'unt')", true),
        ("(title =~ '^unt')", false),
        ("(title !~ '^H')", false),
        ("(title !~ 'x$')", true),
        ("(!(artist == 'Björk'))", false),
        ("(!(artist == 'Portishead'))", true),
        ("(!(!(artist == 'Björk')))", true),
        ("(! (artist == 'Portishead'))", true),
        ("((artist == 'Björk'))", true),
        ("((artist == 'Björk') AND (album == 'Homogenic'))", true),
        ("((artist == 'Björk') AND (album == 'Post'))", false),
        ("((artist == 'Björk') AND (album == 'Homogenic') AND (track == '1') AND (date == '1997'))", true),
        ("((artist == 'Björk') AND (album == 'Homogenic') AND (track == '2') AND (date == '1997'))", false),
        ("((artist == 'Björk') AND (!((album == 'Post') AND (date == '1995'))))", true),
        ("((artist == 'Björk') AND (!((album == 'Homogenic') AND (date == '1997'))))", false),
        ("( ( artist == 'Björk' ) AND ( album == 'Homogenic' ) )", true),
        ("(\tartist\t==\t'Björk'\t)", true),
        ("(artist=='Björk')", true),
        ("(artist == 'Björk') ", true),
        ("(base 'Music/Björk')", true),
        ("(base 'Music/Björk/')", true),
        ("(base 'Music/Björk/Homogenic/01 Hunter.flac')", true),
        ("(base 'Music/Bj')", false),
        ("(base 'Music/Portishead')", false),
        ("(base '')", true),
        ("(file == 'Music/Björk/Homogenic/01 Hunter.flac')", true),
        ("(file == 'Music/Björk/Homogenic')", false),
        ("(file != 'Music/Björk/Homogenic/01 Hunter.flac')", false),
        ("(file contains 'Hunter')", true),
        ("(file starts_with 'Music/')", true),
        ("(file =~ '\\.flac$')", true),
        ("(any == 'Homogenic')", true),
        ("(any == 'Homo')", false),
        ("(any contains 'Hop')", true),
        ("(any != 'Homogenic')", false),
        ("(genre == 'Electronic')", true),
        ("(genre == 'Trip-Hop')", true),
        ("(genre != 'Trip-Hop')", false),
        ("(genre != 'Ambient')", true),
        ("(genre contains 'Hop')", true),
        ("(genre starts_with 'Trip')", true),
        ("(genre =~ '^Trip')", true),
        ("(genre !~ '^Trip')", false),
        ("(composer == '')", true),
        ("(composer != '')", false),
        ("(composer contains 'x')", false),
        ("(MUSICBRAINZ_TRACKID == '')", true),
    ])
    func expressionsSelectAsMPDDoes(expression: String, selected: Bool) throws {
        #expect(try matches([expression]) == selected)
    }

    /// A song without a tag has the empty value: `(genre == '')` selects it and
    /// `(genre != '')` does not.
    @Test(arguments: [
        ("(genre == '')", true),
        ("(genre != '')", false),
        ("(genre contains '')", true),
        ("(genre == 'Rock')", false),
        ("(genre != 'Rock')", true),
        ("(genre =~ '^$')", true),
        ("(genre !~ '^$')", false),
        ("(!(genre == ''))", false),
        ("(any == 'Rock')", false),
        ("(file == 'Streams/radio.m3u')", true),
        ("(base 'Streams')", true),
    ])
    func aMissingTagReadsAsEmpty(expression: String, selected: Bool) throws {
        #expect(try matches([expression], Self.bare) == selected)
    }

    /// `search` folds case in every comparison of a value (regular expressions too); `find`
    /// compares exactly; `base` is a path and never folds.
    @Test(arguments: [
        ("(artist == 'BJÖRK')", false, true),
        ("(artist == 'björk')", false, true),
        ("(artist != 'björk')", true, false),
        ("(album contains 'MOGEN')", false, true),
        ("(title starts_with 'hun')", false, true),
        ("(title =~ '^HUNTER$')", false, true),
        ("(title !~ '^HUNTER$')", true, false),
        ("(file contains 'hunter')", false, true),
        ("(any == 'homogenic')", false, true),
        ("(genre == 'TRIP-HOP')", false, true),
        ("(base 'music/björk')", false, false),
        ("(artist == 'Björk')", true, true),
    ])
    func searchFoldsCaseAndFindDoesNot(expression: String, find: Bool, search: Bool) throws {
        #expect(try matches([expression], foldCase: false) == find)
        #expect(try matches([expression], foldCase: true) == search)
    }

    /// Old-style pairs: `find` compares whole values exactly, `search` folds case and matches
    /// a part of the value; several pairs must all hold; tag names are read in any case.
    @Test(arguments: [
        (["artist", "Björk"], false, true),
        (["ARTIST", "Björk"], false, true),
        (["artist", "björk"], false, false),
        (["artist", "Bjö"], false, false),
        (["artist", "bjö"], true, true),
        (["Artist", "BJÖRK"], true, true),
        (["album", "Homogenic", "artist", "Björk"], false, true),
        (["album", "Homogenic", "artist", "Portishead"], false, false),
        (["album", "homo", "title", "hunt", "date", "97"], true, true),
        (["genre", "Trip-Hop"], false, true),
        (["genre", "trip"], true, true),
        (["composer", ""], false, true),
        (["any", "Trip-Hop"], false, true),
        (["any", "Trip"], false, false),
        (["any", "trip"], true, true),
        (["file", "Music/Björk/Homogenic/01 Hunter.flac"], false, true),
        (["file", "music/björk/homogenic/01 hunter.flac"], true, true),
        (["file", "Music/Björk"], false, false),
        (["base", "Music/Björk"], false, true),
        (["base", "Music/Björk"], true, true),
        (["base", "Music/Portishead"], false, false),
    ])
    func legacyPairs(arguments: [String], foldCase: Bool, selected: Bool) throws {
        #expect(try matches(arguments, foldCase: foldCase) == selected)
    }

    /// `search`'s old-style pairs match a part of the value, the URI's too, as MPD 0.23
    /// reads a `file` pair (`UriSongFilter` with `substring` = `fold_case`); `find`'s do not.
    @Test func legacySearchOfAFileMatchesAPartOfTheURI() throws {
        #expect(try matches(["file", "hunter"], foldCase: true))
        #expect(try matches(["filename", "hunter"], foldCase: true))
        #expect(try !matches(["file", "hunter"], foldCase: false))
    }

    /// Expressions and pairs mix, as MPD reads its arguments: every one must hold.
    @Test func expressionsAndPairsMix() throws {
        let filter = try MPDFilter.parse(["(artist == 'Björk')", "album", "Homogenic"], foldCase: false, command: "find")
        let other = try MPDFilter.parse(["(artist == 'Björk')", "(album == 'Post')"], foldCase: false, command: "find")
        #expect(filter.matches(Self.hunter) && !other.matches(Self.hunter))
    }

    /// Old-style arguments that are not pairs of a known name and a value are refused as MPD
    /// refuses them.
    @Test(arguments: [
        ([], "too few arguments"),
        (["artist"], "Incorrect number of filter arguments"),
        (["artist", "Björk", "album"], "Incorrect number of filter arguments"),
        ([""], "Incorrect number of filter arguments"),
        (["colour", "red"], "Unknown filter type"),
        (["artist", "Björk", "colour", "red"], "Unknown filter type"),
        (["", "x"], "Unknown filter type"),
    ])
    func legacyRefusals(arguments: [String], message: String) {
        #expect(refusal(arguments) == MPDAck(.argument, command: "find", message))
        #expect(refusal(arguments, foldCase: true, command: "search") == MPDAck(.argument, command: "search", message))
    }

    /// A malformed expression is an `argument` ACK naming the command, with MPD's message.
    @Test(arguments: [
        ("(artist == 'Björk'", "')' expected"),
        ("(artist == 'Björk' x)", "')' expected"),
        ("(artist == 'a' 'b')", "')' expected"),
        ("(!(artist == 'a')", "')' expected"),
        ("(base 'Music' x)", "')' expected"),
        ("(artist == 'Björk", "Closing quote not found"),
        ("(artist == \"Björk')", "Closing quote not found"),
        (#"(artist == 'ends in \"#, "Closing quote not found"),
        (#"(artist == 'ends in \')"#, "Closing quote not found"),
        ("(artist == Björk)", "Quoted string expected"),
        ("(artist ==)", "Quoted string expected"),
        ("(base Music)", "Quoted string expected"),
        ("(artist = 'Björk')", "Unknown filter operator"),
        ("(artist <> 'Björk')", "Unknown filter operator"),
        ("(artist ~= 'Björk')", "Unknown filter operator"),
        ("(artist)", "Unknown filter operator"),
        ("(colour == 'red')", "Unknown filter type: colour"),
        ("(AND == 'x')", "Unknown filter type: AND"),
        ("(added-since '2020-01-01')", "'added-since' filters are not supported"),
        ("(modified-since 'yesterday')", "Malformed date: yesterday"),
        ("(AudioFormat == '44100:16:2')", "'AudioFormat' filters are not supported"),
        ("(artist == 'Björk') x", "Unparsed garbage after expression"),
        ("(artist == 'Björk'))", "Unparsed garbage after expression"),
        ("(artist == 'a') AND (album == 'b')", "Unparsed garbage after expression"),
        ("(", "Unexpected end of expression"),
        ("(   ", "Unexpected end of expression"),
        ("()", "Word expected"),
        ("(== 'x')", "Word expected"),
        ("((artist == 'a') OR (album == 'b'))", "'AND' expected"),
        ("((artist == 'a') (album == 'b'))", "'AND' expected"),
        ("((artist == 'a') AND (album == 'b')", "'AND' expected"),
        ("((artist == 'a') and (album == 'b'))", "'AND' expected"),
        ("((artist == 'a') AND album == 'b')", "'(' expected"),
        ("(!artist == 'a')", "'(' expected"),
        ("(title =~ '(')", "Invalid regular expression"),
        ("(title !~ '[')", "Invalid regular expression"),
    ])
    func malformedExpressionsAreRefused(expression: String, message: String) {
        #expect(refusal([expression]) == MPDAck(.argument, command: "find", message))
        #expect(refusal([expression], foldCase: true, command: "playlistsearch") == MPDAck(.argument, command: "playlistsearch", message))
    }

    /// Nesting up to 64 levels is read; one more is refused, and so is a hostile depth, without
    /// exhausting the stack.
    @Test func nestingIsBounded() throws {
        func parenthesized(_ depth: Int) -> String {
            String(repeating: "(", count: depth - 1) + "(artist == 'Björk')" + String(repeating: ")", count: depth - 1)
        }
        func negated(_ count: Int) -> String {
            String(repeating: "(!", count: count) + "(artist == 'Björk')" + String(repeating: ")", count: count)
        }
        let tooDeep = MPDAck(.argument, command: "find", "Expression nested too deeply")
        #expect(try matches([parenthesized(64)]))
        #expect(refusal([parenthesized(65)]) == tooDeep)
        #expect(try matches([negated(63)]) == false)
        #expect(try matches([negated(62)]))
        #expect(refusal([negated(64)]) == tooDeep)
        #expect(refusal([String(repeating: "(", count: 1_000_000)]) == tooDeep)
        #expect(refusal([String(repeating: "(!", count: 500_000)]) == tooDeep)
        #expect(refusal([parenthesized(100_000)]) == tooDeep)
    }

    /// `AND` takes any number of operands at one level.
    @Test func aWideConjunctionIsOneLevel() throws {
        let wide = "(" + Array(repeating: "(track == '1')", count: 1_000).joined(separator: " AND ") + ")"
        #expect(try matches([wide]))
        #expect(try matches(["(" + Array(repeating: "(track == '1')", count: 999).joined(separator: " AND ") + " AND (track == '2'))"]) == false)
    }

    /// In a quoted value `\` takes the next character as it is, so either quote and the
    /// backslash itself can be written.
    @Test(arguments: [
        (#"(artist == 'it\'s')"#, "it's"),
        (#"(artist == "it's")"#, "it's"),
        (#"(artist == "say \"hi\"")"#, #"say "hi""#),
        (#"(artist == 'say "hi"')"#, #"say "hi""#),
        (#"(artist == 'back\\slash')"#, #"back\slash"#),
        (#"(artist == 'ends in \\')"#, #"ends in \"#),
        (#"(artist == '\q\u')"#, "qu"),
        (#"(artist == 'a)b')"#, "a)b"),
        (#"(artist == '(AND)')"#, "(AND)"),
        ("(artist == '')", ""),
    ])
    func escapesInQuotedValues(expression: String, artist: String) throws {
        let song = MPDSong(file: "a.flac", tags: [(.artist, artist)])
        #expect(try matches([expression], song))
        #expect(try matches([expression], MPDSong(file: "a.flac", tags: [(.artist, artist + "x")])) == false)
    }

    /// Tag names are read in any case; names MPD does not know are `nil`.
    @Test func tagNames() {
        #expect(MPDSong.Tag(named: "albumartist") == .albumArtist)
        #expect(MPDSong.Tag(named: "ALBUMARTISTSORT") == .albumArtistSort)
        #expect(MPDSong.Tag(named: "musicbrainz_trackid") == .musicBrainzTrackID)
        #expect(MPDSong.Tag(named: "Track") == .track)
        #expect(MPDSong.Tag(named: "colour") == nil)
        #expect(MPDSong.Tag(named: "") == nil)
        #expect(MPDSong.Tag(named: "file") == nil)
        for tag in MPDSong.Tag.allCases { #expect(MPDSong.Tag(named: tag.rawValue) == tag) }
    }
}

/// Hostile filter arguments: random bytes, soups of the expression grammar's tokens, damaged
/// expressions and deep nesting end in a filter or an `argument` ACK, never a crash or a hang;
/// every filter read can be applied, and its negation selects the opposite.
/// `RONDO_MPD_FILTER_FUZZ` sets how many argument lists (200,000 by default).
struct MPDFilterFuzzTests {
    static let count = ProcessInfo.processInfo.environment["RONDO_MPD_FILTER_FUZZ"].flatMap { Int($0) } ?? 200_000
    static let seeds = [
        "(artist == 'Björk')", "(!(genre contains 'rock'))", "((album == 'X') AND (track == '3'))", "(base 'Music/X')",
        "(file == 'a.mp3')", "(any contains 'y')", "(title =~ '^H.*r$')", "(genre !~ 'Trip')", "(date starts_with '19')",
        #"(artist != "it\'s \"x\"")"#, "((artist == 'Björk') AND (!((album == 'Post') AND (date == '1995'))))",
    ]
    static let tokens = [
        "(", "(", ")", ")", "'", "\"", "!", "\\", " ", "\t", "AND", "and", "artist", "Genre", "any", "file", "base", "==", "!=",
        "=~", "!~", "contains", "starts_with", "'Björk'", "'x'", "\"\"", "modified-since", "é", "\0", ".*", "[", "+", "(?i)", "|",
        "{2,}", "\u{FEFF}", "\u{FFFD}",
    ]

    @Test func hostileFiltersEndInAFilterOrAnArgumentAck() {
        var random = SplitMix64(seed: 0x4649_4C54)
        var outcomes = (filters: 0, refusals: 0)
        for _ in 0..<Self.count {
            let arguments = Self.hostileArguments(&random)
            let foldCase = random.next() % 2 == 0
            do throws(MPDAck) {
                let filter = try MPDFilter.parse(arguments, foldCase: foldCase, command: "search")
                outcomes.filters += 1
                let selected = filter.matches(MPDFilterTests.hunter)
                _ = filter.matches(MPDFilterTests.bare)
                if arguments.count == 1, arguments[0].hasPrefix("(") {
                    Self.checkNegation(of: arguments[0], selected: selected, foldCase: foldCase)
                }
            } catch {
                #expect(error.code == .argument && error.command == "search" && error.index == 0, "\(arguments)")
                #expect(error.line.filter { $0 == "\n" }.count == 1, "\(arguments)")
                outcomes.refusals += 1
            }
        }
        #expect(outcomes.filters > Self.count / 100 && outcomes.refusals > Self.count / 100, "\(outcomes)")
    }

    /// `(!E)` selects what `E` does not, unless wrapping `E` passes the depth limit.
    static func checkNegation(of expression: String, selected: Bool, foldCase: Bool) {
        do throws(MPDAck) {
            let negation = try MPDFilter.parse(["(!" + expression + ")"], foldCase: foldCase, command: "search")
            #expect(negation.matches(MPDFilterTests.hunter) == !selected, "\(expression)")
        } catch {
            #expect(error.message == "Expression nested too deeply", "\(expression)")
        }
    }

    static func hostileArguments(_ random: inout SplitMix64) -> [String] {
        switch random.next() % 6 {
        case 0:
            let bytes = (0..<Int.random(in: 0..<48, using: &random)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return [(random.next() % 2 == 0 ? "(" : "") + String(decoding: bytes, as: UTF8.self)]
        case 1:
            let soup = (0..<Int.random(in: 1..<24, using: &random)).map { _ in tokens.randomElement(using: &random)! }
            return ["(" + soup.joined(separator: random.next() % 2 == 0 ? " " : "")]
        case 2:
            var expression = Array(seeds.randomElement(using: &random)!.utf8)
            for _ in 0..<Int.random(in: 0..<4, using: &random) { mutate(&expression, &random) }
            return [String(decoding: expression, as: UTF8.self)]
        case 3:
            return [nested(&random)]
        case 4:
            let names = ["artist", "ALBUM", "any", "file", "base", "colour", "", "(", "genre"]
            let values = ["Björk", "", "x", "(artist == 'x')", "\\", "'", "\u{0}"]
            return (0..<Int.random(in: 0..<6, using: &random)).map { index in
                index.isMultiple(of: 2) ? names.randomElement(using: &random)! : values.randomElement(using: &random)!
            }
        default:
            return (0..<Int.random(in: 1..<4, using: &random)).map { _ in seeds.randomElement(using: &random)! }
        }
    }

    /// A valid leaf in up to 80 levels of parentheses, negations and conjunctions, sometimes
    /// unbalanced, and rarely thousands of levels deep.
    static func nested(_ random: inout SplitMix64) -> String {
        var expression = seeds.randomElement(using: &random)!
        let depth = random.next() % 1000 == 0 ? 5_000 : Int.random(in: 0..<80, using: &random)
        for _ in 0..<depth {
            switch random.next() % 3 {
            case 0: expression = "(" + expression + ")"
            case 1: expression = "(!" + expression + ")"
            default: expression = "(" + expression + " AND " + seeds.randomElement(using: &random)! + ")"
            }
        }
        if random.next() % 4 == 0 {
            var bytes = Array(expression.utf8)
            mutate(&bytes, &random)
            return String(decoding: bytes, as: UTF8.self)
        }
        return expression
    }

    static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch random.next() % 3 {
        case 0 where !bytes.isEmpty: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.insert(contentsOf: tokens.randomElement(using: &random)!.utf8, at: at)
        default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 0..<6, using: &random)))
        }
    }
}
