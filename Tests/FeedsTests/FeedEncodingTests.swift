import RondoTesting
import Testing

@testable import Feeds

/// Feeds and OPML files come in the encoding they declare: the server's `charset` first, then
/// the XML declaration's, a byte-order mark above both, UTF-8 when nothing says; an encoding
/// that cannot be read is refused by name; control characters never reach a title.
struct FeedEncodingTests {
    static let url = "http://127.0.0.1/feed.xml"

    /// A feed in `encoding` whose declaration says `declared` (none when `nil`).
    static func feed(title: String, episode: String, author: String, summary: String, declared: String?) -> String {
        """
        <?xml version="1.0"\(declared.map { " encoding=\"\($0)\"" } ?? "")?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>\(title)</title><itunes:author>\(author)</itunes:author><description>\(summary)</description>
        <item><title>\(episode)</title><guid>e1</guid><enclosure url="http://example.test/1.mp3" type="audio/mpeg"/></item>
        </channel></rss>
        """
    }

    /// The reported feed: Latin-1 declared in the prolog only, its title's `è` one byte 0xE8.
    @Test func aLatin1PrologIsHeeded() throws {
        // Latin-1 bytes: è is 0xE8, í 0xED.
        var bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>S"#.utf8)
        bytes += [0xE8] + Array("ries i Cinema</title><item><title>Cap".utf8) + [0xED] + Array("tol 1</title>".utf8)
        bytes += Array(#"<guid>c1</guid><enclosure url="http://example.test/1.mp3" type="audio/mpeg"/></item></channel></rss>"#.utf8)
        let feed = try FeedParser.parse(bytes, url: Self.url)
        #expect(feed.title == "Sèries i Cinema")
        #expect(feed.episodes.map(\.title) == ["Capítol 1"])
    }

    /// Byte-order marks and unmarked UTF-16 are read as such, whatever the declaration says.
    @Test(arguments: ["UTF-8", "UTF-16LE", "UTF-16BE"])
    func byteOrderMarksAndUnmarkedUTF16(encoding: String) throws {
        let text = Self.feed(title: "Sèries € Сериалы", episode: "シリーズ", author: "a", summary: "s", declared: "ISO-8859-1")
        let mark: [UInt8] =
            switch encoding {
            case "UTF-8": [0xEF, 0xBB, 0xBF]
            case "UTF-16LE": [0xFF, 0xFE]
            default: [0xFE, 0xFF]
            }
        let body = EncodedText.bytes(text, in: encoding)
        #expect(try FeedParser.parse(mark + body, url: Self.url).title == "Sèries € Сериалы", "with a mark")
        #expect(try FeedParser.parse(mark + body, url: Self.url, charset: "KOI8-R").title == "Sèries € Сериалы", "the mark wins")
        guard encoding != "UTF-8" else { return }
        let unmarked = EncodedText.bytes(Self.feed(title: "Sèries", episode: "e", author: "a", summary: "s", declared: encoding), in: encoding)
        #expect(try FeedParser.parse(unmarked, url: Self.url).title == "Sèries", "without a mark")
    }

    /// An encoding nobody can read is named in the refusal, from the document or its server.
    @Test func anUnknownEncodingIsRefusedByName() {
        let declared = Array(Self.feed(title: "t", episode: "e", author: "a", summary: "s", declared: "x-martian-7").utf8)
        #expect(throws: FeedError.unknownEncoding("x-martian-7")) { try FeedParser.parse(declared, url: Self.url) }
        #expect(FeedError.unknownEncoding("x-martian-7").description.contains("\"x-martian-7\""))
        let plain = Array(Self.feed(title: "t", episode: "e", author: "a", summary: "s", declared: nil).utf8)
        #expect(throws: FeedError.unknownEncoding("klingon")) { try FeedParser.parse(plain, url: Self.url, charset: "klingon") }
        #expect(throws: FeedError.unknownEncoding("x-martian-7")) {
            try OPML.entries(in: Array(#"<?xml version="1.0" encoding="x-martian-7"?><opml/>"#.utf8))
        }
    }

    /// An OPML file is read in the encoding its declaration or byte-order mark names.
    @Test func opmlInItsEncoding() throws {
        let document = """
            <?xml version="1.0" encoding="windows-1251"?>
            <opml version="2.0"><body><outline type="rss" text="Новости" xmlUrl="https://example.test/n.xml"/></body></opml>
            """
        #expect(try OPML.entries(in: EncodedText.bytes(document, in: "WINDOWS-1251")).map(\.title) == ["Новости"])
        let utf16 = [0xFF, 0xFE] + EncodedText.bytes(document.replacing("windows-1251", with: "UTF-16"), in: "UTF-16LE")
        #expect(try OPML.entries(in: utf16).map(\.title) == ["Новости"])
    }

    /// Titles, names and descriptions lose control characters and terminal escapes; a line
    /// break or tab inside becomes a space.
    @Test func controlCharactersNeverReachTheText() throws {
        let text = Self.feed(
            title: "Red&#27;[31m Alert&#7;", episode: "Line&#10;break\tand&#1; more", author: "An\u{85}Author&#x9B;2J",
            summary: "<![CDATA[<p>Clean&#27;]0;title&#7; notes&#127;</p>]]>", declared: nil)
        let feed = try FeedParser.parse(Array(text.utf8), url: Self.url)
        #expect(feed.title == "Red Alert")
        #expect(feed.episodes.map(\.title) == ["Line break and more"])
        #expect(feed.author == "An Author")
        #expect(feed.summary == "Clean notes")
    }

    /// The same feed, in every encoding read, declared in its prolog, by its server, or by both
    /// disagreeing (the server wins), read in random pieces, gives the same text each time.
    @Test func everyEncodingEveryWayGivesTheSameText() throws {
        var random = SplitMix64(seed: 0x4348_4152_5345_54)
        var checked = 0
        for (encoding, words) in Self.repertoires {
            for round in 0..<12 {
                func phrase() -> String {
                    (0..<(1 + Int(random.next() % 4))).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
                }
                let (title, episode, author, summary) = (phrase(), phrase(), phrase(), phrase())
                let wrong = encoding.hasPrefix("KOI8") || encoding.hasSuffix("1251") ? "ISO-8859-1" : "KOI8-R"
                let ways: [(declared: String?, charset: String?)] = [(encoding, nil), (nil, encoding), (wrong, encoding)]
                let (declared, charset) = ways[round % ways.count]
                let bytes = EncodedText.bytes(
                    Self.feed(title: title, episode: episode, author: author, summary: summary, declared: declared), in: encoding)
                var parser = FeedParser(url: Self.url, charset: charset)
                var start = 0
                while start < bytes.count {
                    let size = 1 + Int(random.next() % 48)
                    try parser.append(bytes[start..<min(start + size, bytes.count)])
                    start += size
                }
                let feed = try parser.finish()
                let way = "\(encoding), declared \(declared ?? "-"), charset \(charset ?? "-")"
                #expect(feed.title == title, "\(way)")
                #expect(feed.episodes.map(\.title) == [episode], "\(way)")
                #expect(feed.author == author && feed.summary == summary, "\(way)")
                checked += 1
            }
        }
        #expect(checked == Self.repertoires.count * 12)
    }

    /// Words each encoding can write.
    static let repertoires: [(String, [String])] = {
        let latin = ["Sèries", "i", "Cinema", "Ça", "même", "Größe", "año", "½", "©", "Show", "42"]
        let cyrillic = ["Сериалы", "и", "кино", "Ёлка", "Привет", "Show", "7"]
        let japanese = ["シリーズ", "と", "映画", "日本語", "番組", "Show"]
        let simplified = ["系列", "与", "电影", "中文", "节目", "Show"]
        let traditional = ["系列", "與", "電影", "中文", "節目", "Show"]
        let korean = ["시리즈", "와", "영화", "한국어", "Show"]
        let everything = latin + cyrillic + japanese + simplified + korean + ["€", "“quoted”", "—"]
        return [
            ("UTF-8", everything), ("UTF-16", everything), ("UTF-16LE", everything), ("UTF-16BE", everything),
            ("ISO-8859-1", latin), ("ISO-8859-15", latin.filter { $0 != "½" && $0 != "©" } + ["€", "Œuvre"]),
            ("WINDOWS-1252", latin + ["€", "“quoted”", "—", "Œuvre"]), ("KOI8-R", cyrillic), ("WINDOWS-1251", cyrillic),
            ("SHIFT_JIS", japanese), ("GB2312", simplified), ("GBK", simplified), ("BIG5", traditional), ("EUC-KR", korean),
        ]
    }()
}
