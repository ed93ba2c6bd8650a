import Foundation
import RondoTesting
import Testing

@testable import Feeds

/// Feeds are input from anyone: what could exhaust memory or reach the disk is refused at
/// once, with a reason; what is merely not a feed says so.
struct FeedHostileInputTests {
    /// A "billion laughs" would expand to 3 GB; its DOCTYPE is refused before any entity
    /// is read, and so is one that names a file on the disk.
    @Test(arguments: ["billion-laughs.xml", "external-entity.xml"])
    func declaredEntitiesAreRefused(fixture: String) throws {
        let started = ContinuousClock.now
        #expect(throws: FeedError.refused(.declaresEntities)) { try FeedParser.parse(Fixtures.feed(fixture), url: "http://x.test/") }
        #expect(ContinuousClock.now - started < .seconds(1))
    }

    /// Nesting past the limit, a text past the limit, and a document cut short.
    @Test func limitsHold() throws {
        let deep = String(repeating: "<a>", count: XMLTokenizer.maximumDepth + 1)
        #expect(throws: FeedError.refused(.tooDeep(limit: XMLTokenizer.maximumDepth))) {
            try FeedParser.parse(Array(("<rss>" + deep).utf8), url: "http://x.test/")
        }
        var parser = FeedParser(url: "http://x.test/")
        try parser.append(Array("<rss><channel><title>".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        let refused: FeedError? = {
            for _ in 0..<40 {
                do throws(FeedError) { try parser.append(chunk) } catch { return error }
            }
            return nil
        }()
        #expect(refused == .refused(.tooLong(limit: XMLTokenizer.maximumTokenBytes)))
        #expect(throws: FeedError.refused(.truncated)) {
            try FeedParser.parse(Array("<rss><channel><title>Cut".utf8), url: "http://x.test/")
        }
    }

    /// Documents that are no feed: a web page, an empty body, mismatched tags.
    @Test func notFeedsSaySo() throws {
        #expect(throws: FeedError.notAFeed(root: "html")) {
            try FeedParser.parse(Array("<!DOCTYPE html><html><body>Hi</body></html>".utf8), url: "http://x.test/")
        }
        #expect(throws: FeedError.notAFeed(root: nil)) { try FeedParser.parse([], url: "http://x.test/") }
        #expect(throws: FeedError.refused(.malformed("</item> closes <title>", offset: 19))) {
            try FeedParser.parse(Array("<rss><item><title>x</item></rss>".utf8), url: "http://x.test/")
        }
    }

    /// References: the predefined five and character references are decoded; an HTML
    /// entity XML does not know is kept as written; CDATA is taken as it is.
    @Test func referencesAndCDATA() throws {
        let text = "<rss><channel><title>A &amp; B &#x263A; &#9731; &nbsp; &bogus <![CDATA[<i>&amp;</i>]]></title></channel></rss>"
        let feed = try FeedParser.parse(Array(text.utf8), url: "http://x.test/")
        #expect(feed.title == "A & B ☺ ☃ &nbsp; &bogus <i>&amp;</i>")
    }
}
