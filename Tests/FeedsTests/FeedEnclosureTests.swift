import Testing

@testable import Feeds

/// Which enclosure an item plays: sound before a video, a video only marked for its sound to
/// be checked, a picture never; and which of its titles it goes by.
struct FeedEnclosureTests {
    static func feed(_ items: String) throws -> Feed {
        let text = """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
            <channel><title>Mixed</title>\(items)</channel></rss>
            """
        return try FeedParser.parse(Array(text.utf8), url: "http://example.invalid/feed.xml")
    }

    /// A picture is never an episode, by its type, Media RSS's medium or its extension; the
    /// item is left out saying so.
    @Test func aPictureIsNoEpisode() throws {
        let feed = try Self.feed(
            """
            <item><title>News story</title><guid>n1</guid><enclosure url="http://example.invalid/photo.jpg" type="image/jpeg"/></item>
            <item><title>Gallery</title><guid>n2</guid><media:content url="http://example.invalid/p" medium="image"/></item>
            <item><title>Untyped</title><guid>n3</guid><enclosure url="http://example.invalid/cover.PNG?size=2"/></item>
            """)
        #expect(feed.episodes.isEmpty, "\(feed.episodes.map(\.enclosureURL))")
        #expect(feed.skipped.map(\.title) == ["News story", "Gallery", "Untyped"])
        #expect(feed.skipped.allSatisfy { $0.reason.contains("picture") }, "\(feed.skipped)")
    }

    /// A video is an episode marked for its sound to be checked; sound in the same item is
    /// taken before it, whatever their order.
    @Test func aVideoIsMarkedAndSoundComesFirst() throws {
        let feed = try Self.feed(
            """
            <item><guid>v1</guid><media:content url="http://example.invalid/file.mp4" medium="video"/></item>
            <item><title>Both</title><guid>v2</guid><enclosure url="http://example.invalid/talk.mp4" type="video/mp4"/>
              <enclosure url="http://example.invalid/talk.mp3" type="audio/mpeg"/></item>
            <item><title>Typed</title><guid>v3</guid><enclosure url="http://example.invalid/clip" type="video/webm"/></item>
            <item><title>Unknown</title><guid>v4</guid><enclosure url="http://example.invalid/get?id=4" type="application/octet-stream"/>
              <enclosure url="http://example.invalid/clip.mov"/></item>
            """)
        #expect(
            feed.episodes.map(\.enclosureURL) == [
                "http://example.invalid/file.mp4", "http://example.invalid/talk.mp3", "http://example.invalid/clip",
                "http://example.invalid/get?id=4",
            ])
        #expect(feed.episodes.map(\.isVideo) == [true, false, true, false])
        #expect(feed.episodes[0].title == "Untitled episode")
    }

    /// An episode goes by its `<title>`, which every reader shows; `itunes:title` only when it
    /// has none.
    @Test func theTitleComesBeforeItunesTitle() throws {
        let feed = try Self.feed(
            """
            <item><itunes:title>"The Value of Everything</itunes:title><title>Ep. 12: The Value of Everything</title>
              <guid>t1</guid><enclosure url="http://example.invalid/12.mp3" type="audio/mpeg"/></item>
            <item><itunes:title>Only Apple's</itunes:title><guid>t2</guid><enclosure url="http://example.invalid/13.mp3"/></item>
            """)
        #expect(feed.episodes.map(\.title) == ["Ep. 12: The Value of Everything", "Only Apple's"])
    }
}
