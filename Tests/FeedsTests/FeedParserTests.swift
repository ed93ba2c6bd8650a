import RondoTesting
import Testing

@testable import Feeds

/// Feeds in the shapes publishers write them: RSS 2.0 with the iTunes and Podcasting 2.0
/// namespaces (CDATA, HTML in descriptions, several enclosures, relative URLs, repeated
/// GUIDs, unreadable dates), and Atom.
struct FeedParserTests {
    static let feedURL = "http://127.0.0.1:8080/feeds/itunes-show.xml"

    /// The show's fields come from the channel, never from an element nested in it.
    @Test func readsTheShow() throws {
        let feed = try FeedParser.parse(Fixtures.feed("itunes-show.xml"), url: Self.feedURL)
        #expect(feed.title == "The Rondo Test Hour")
        #expect(feed.author == "Rondo Fixtures")
        #expect(feed.summary == "A show about testing & listening.")
        #expect(feed.link == "https://example.test/show")
        #expect(feed.imageURL == "https://example.test/cover.jpg", "itunes:image before image/url")
        #expect(!feed.isExplicit)
    }

    /// Each item with an audio enclosure is an episode, with the fields made good.
    @Test func readsTheEpisodes() throws {
        let feed = try FeedParser.parse(Fixtures.feed("itunes-show.xml"), url: Self.feedURL)
        #expect(feed.episodes.map(\.title) == ["Episode 3: Chapters & Friends", "Episode 2: Two Enclosures", "Episode 1: Sloppy"])
        let third = feed.episodes[0]
        #expect(third.key == "a3f9c2de-0000-4000-8000-000000000003", "podcast:guid when there is no guid")
        #expect(third.published == FeedDate.seconds(year: 2026, month: 11, day: 25, hour: 6, minute: 0, second: 0, offset: 0))
        #expect(third.enclosureURL == "http://127.0.0.1:8080/episodes/3.mp3")
        #expect(third.enclosureLength == 2_400_000 && third.enclosureType == "audio/mpeg")
        #expect(third.duration == 3_723)
        #expect(third.episodeNumber == 3 && third.season == 1)
        #expect(third.chaptersURL == "http://127.0.0.1:8080/feeds/chapters/3.json")
        #expect(third.summary == "Chapters, friends and more.")
        #expect(third.notes.isEmpty)

        let second = feed.episodes[1]
        #expect(second.key == "rondo-test-hour-2")
        #expect(second.enclosureURL == "https://cdn.example.test/2.m4a", "the audio enclosure, not the video before it")
        #expect(second.isExplicit && second.duration == 1_800)
        #expect(second.imageURL == "https://example.test/2.jpg")
        #expect(second.summary == "Two files, one audio.")

        let first = feed.episodes[2]
        #expect(first.key == "https://cdn.example.test/1.mp3?source=feed")
        #expect(first.published == nil && first.duration == nil && first.enclosureLength == nil)
        #expect(first.notes.count == 3, "\(first.notes)")
    }

    /// Items that are no episodes are listed with their reason.
    @Test func saysWhyItemsAreSkipped() throws {
        let feed = try FeedParser.parse(Fixtures.feed("itunes-show.xml"), url: Self.feedURL)
        #expect(feed.skipped.map(\.title) == ["A blog post", "Episode 2 again", "Bad link"])
        #expect(feed.skipped[0].reason.contains("no enclosure"))
        #expect(feed.skipped[1].reason.contains("GUID of an earlier item"))
        #expect(feed.skipped[2].reason.contains("no http(s) URL"))
    }

    /// Atom: entries with `link rel="enclosure"`, ids, published or else updated dates.
    @Test func readsAtom() throws {
        let feed = try FeedParser.parse(Fixtures.feed("atom-show.xml"), url: "https://atom.example.test/feed.atom")
        #expect(feed.title == "Atom Talks" && feed.summary == "Talks, in Atom.")
        #expect(feed.author == "Atom Speaker" && feed.link == "https://atom.example.test/")
        #expect(feed.imageURL == "https://atom.example.test/logo.png")
        #expect(feed.episodes.map(\.title) == ["Second talk", "First talk"])
        #expect(feed.episodes[0].key == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
        #expect(feed.episodes[0].enclosureURL == "https://atom.example.test/talks/2.ogg")
        #expect(feed.episodes[0].published == FeedDate.seconds(year: 2026, month: 11, day: 20, hour: 17, minute: 30, second: 2, offset: 0))
        #expect(feed.episodes[0].summary == "The second.")
        #expect(feed.episodes[1].published == FeedDate.seconds(year: 2026, month: 11, day: 13, hour: 0, minute: 0, second: 0, offset: 0))
    }

    /// A feed read in pieces of any size, as it comes off the network, gives the same result
    /// as read whole.
    @Test(arguments: [1, 2, 3, 7, 64, 1_000])
    func piecesGiveTheSameFeed(size: Int) throws {
        let bytes = try Fixtures.feed("itunes-show.xml")
        let whole = try FeedParser.parse(bytes, url: Self.feedURL)
        var parser = FeedParser(url: Self.feedURL)
        var start = 0
        while start < bytes.count {
            try parser.append(bytes[start..<min(start + size, bytes.count)])
            start += size
        }
        #expect(try parser.finish() == whole)
    }

    /// A feed of 10,000 items keeps all of them; past the limit, the rest are counted.
    @Test func tenThousandItems() throws {
        let feed = try FeedParser.parse(Self.generatedFeed(items: 10_000), url: Self.feedURL)
        #expect(feed.episodes.count == 10_000)
        #expect(Set(feed.episodes.map(\.key)).count == 10_000)
        #expect(feed.skipped.isEmpty)
        let over = try FeedParser.parse(Self.generatedFeed(items: FeedParser.maximumEpisodes + 5), url: Self.feedURL)
        #expect(over.episodes.count == FeedParser.maximumEpisodes)
        #expect(over.skipped.map(\.reason) == ["5 more items past the 20000 read"])
    }

    /// RSS with `count` items, each with its own GUID and enclosure.
    static func generatedFeed(items count: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Many</title>"
        for index in 0..<count {
            text += "<item><title>Item \(index)</title><guid>item-\(index)</guid>"
            text += "<pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate>"
            text += "<enclosure url=\"https://example.test/\(index).mp3\" type=\"audio/mpeg\" length=\"1000\"/></item>"
        }
        return Array((text + "</channel></rss>").utf8)
    }
}
