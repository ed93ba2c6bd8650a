import RondoTesting
import Testing

@testable import Feeds

/// OPML subscription lists as podcast apps write them: feeds at any depth of folders, each
/// once, only web addresses; a hostile or foreign document refused; what is written reads
/// back the same, whatever its titles hold.
struct OPMLTests {
    @Test func readsFeedsInFoldersOnceEach() throws {
        let document = """
            <?xml version="1.0" encoding="utf-8"?>
            <opml version="1.0"><head><title>Exported</title></head><body>
              <outline text="News" title="News">
                <outline type="rss" text="Daily &amp; Co" xmlUrl="https://example.test/daily.xml" htmlUrl="https://example.test"/>
                <outline type="rss" title="Only a title" xmlURL=" http://example.test/t.rss "/>
              </outline>
              <outline type="rss" text="Again" xmlUrl="https://example.test/daily.xml"/>
              <outline type="rss" text="Not the web" xmlUrl="file:///etc/passwd"/>
              <outline type="rss" text="No feed"/>
              <outline type="rss" text="" xmlUrl="https://example.test/untitled.xml"/>
            </body></opml>
            """
        let entries = try OPML.entries(in: Array(document.utf8))
        #expect(
            entries == [
                OPML.Entry(url: "https://example.test/daily.xml", title: "Daily & Co"),
                OPML.Entry(url: "http://example.test/t.rss", title: "Only a title"),
                OPML.Entry(url: "https://example.test/untitled.xml", title: nil),
            ])
    }

    @Test func writtenListsReadBackTheSame() throws {
        let entries = [
            OPML.Entry(url: "https://example.test/a.xml?x=1&y=\"2\"", title: "<Tom & Jerry's> \"show\"\nsecond line"),
            OPML.Entry(url: "http://example.test/b.xml", title: nil),
        ]
        let document = OPML.document(entries, title: "Mine & yours")
        #expect(document.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
        let read = try OPML.entries(in: Array(document.utf8))
        #expect(read.map(\.url) == entries.map(\.url))
        #expect(read[0].title == entries[0].title)
        #expect(read[1].title == "http://example.test/b.xml", "an untitled feed is named by its address")
    }

    @Test func refusesWhatIsNoList() {
        let refusals: [(String, FeedError)] = [
            ("<rss version=\"2.0\"><channel/></rss>", .notAFeed(root: "rss")),
            ("", .notAFeed(root: nil)),
            ("<!DOCTYPE opml [<!ENTITY a \"aaaa\">]><opml><body/></opml>", .refused(.declaresEntities)),
        ]
        for (document, expected) in refusals {
            #expect(throws: expected) { try OPML.entries(in: Array(document.utf8)) }
        }
        #expect(throws: FeedError.self) { try OPML.entries(in: Array("<opml><body><outline xmlUrl=\"http://a.test/\">".utf8)) }
    }

    /// Mutated lists (the feeds' fuzzer's damage, `RONDO_FEED_FUZZ_ROUNDS` rounds) end in
    /// web addresses, each once, or a refusal with a reason: never a crash or a hang.
    @Test func mutatedListsEndInFeedsOrAReason() {
        let entries = (1...40).map { OPML.Entry(url: "https://example.test/\($0).xml", title: "Show <\($0)> & \"co\"") }
        let seed = Array(OPML.document(entries, title: "Fuzz").utf8)
        var random = SplitMix64(seed: 0x4F50_4D4C)
        var outcomes = (lists: 0, refusals: 0)
        for _ in 0..<FeedParserFuzzTests.rounds {
            var bytes = seed
            for _ in 0..<(1 + Int(random.next() % 4)) { FeedParserFuzzTests.mutate(&bytes, &random) }
            do throws(FeedError) {
                let read = try OPML.entries(in: bytes)
                #expect(Set(read.map(\.url)).count == read.count)
                #expect(read.allSatisfy { $0.url.hasPrefix("http") })
                outcomes.lists += 1
            } catch {
                #expect(!error.description.isEmpty)
                outcomes.refusals += 1
            }
        }
        #expect(outcomes.lists > 0 && outcomes.refusals > 0, "\(outcomes)")
    }
}
