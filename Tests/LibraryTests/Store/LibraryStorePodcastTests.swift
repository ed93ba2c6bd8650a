import Feeds
import Foundation
import Library
import RondoTesting
import Testing

/// Subscribed podcasts in a real SQLite file: a feed becomes a show and its episodes; a
/// refresh adds only what is new, follows a moved enclosure and a moved feed without losing
/// an episode's identity or its played state; a show leaves with its episodes.
struct LibraryStorePodcastTests {
    static let url = "http://127.0.0.1:8080/feeds/itunes-show.xml"

    private func store() throws -> (LibraryStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory(prefix: "rondo-podcasts")
        return (LibraryStore(database: try LibraryDatabase(path: directory.appending("library.sqlite"))), directory)
    }

    private func feed() throws -> Feed {
        try FeedParser.parse(Fixtures.feed("itunes-show.xml"), url: Self.url)
    }

    @Test func aSubscriptionKeepsTheShowAndItsEpisodes() throws {
        let (store, directory) = try store()
        defer { directory.remove() }
        let update = try store.keepPodcast(url: Self.url, feed: feed(), etag: "\"v1\"", lastModified: nil, at: 1_000)
        #expect(update.newEpisodes == 3)
        #expect(update.show.title == "The Rondo Test Hour" && update.show.author == "Rondo Fixtures")
        #expect(update.show.identifier.hasPrefix("rondo:show:"))
        #expect(update.show.episodes == 3 && update.show.unplayed == 3)
        #expect(update.show.etag == "\"v1\"" && update.show.lastRefresh == 1_000 && update.show.error == nil)
        #expect(try store.podcastShows() == [update.show])

        let page = try store.podcastEpisodes(show: update.show.identifier, offset: 0, limit: 10)
        #expect(page.total == 3)
        #expect(page.items.map(\.title) == ["Episode 3: Chapters & Friends", "Episode 2: Two Enclosures", "Episode 1: Sloppy"])
        #expect(page.items.allSatisfy { $0.identifier.hasPrefix("rondo:episode:") && !$0.played })
        #expect(try store.podcastEpisodes(show: update.show.identifier, offset: 1, limit: 1).items.map(\.title) == ["Episode 2: Two Enclosures"])
    }

    /// The addresses of a show's kept episodes are told, so what was checked before (a
    /// video's sound) is not checked again; a show not subscribed has none.
    @Test func theEpisodesAddressesAreTold() throws {
        let (store, directory) = try store()
        defer { directory.remove() }
        let update = try store.keepPodcast(url: Self.url, feed: feed(), etag: nil, lastModified: nil, at: 1_000)
        #expect(
            try store.podcastEpisodeURLs(show: update.show.identifier) == [
                "http://127.0.0.1:8080/episodes/3.mp3", "https://cdn.example.test/2.m4a", "https://cdn.example.test/1.mp3?source=feed",
            ])
        #expect(try store.podcastEpisodeURLs(show: "rondo:show:0").isEmpty)
    }

    /// A refresh of the same feed adds nothing; one item more is one new episode; an
    /// episode whose enclosure moved keeps its identifier and its played state; the feed
    /// moved by a permanent redirect keeps its show.
    @Test func refreshesKeepIdentity() throws {
        let (store, directory) = try store()
        defer { directory.remove() }
        var feed = try feed()
        let first = try store.keepPodcast(url: Self.url, feed: feed, etag: nil, lastModified: nil, at: 1_000)
        let episodes = try store.podcastEpisodes(show: first.show.identifier, offset: 0, limit: 10).items
        #expect(try store.setEpisodePlayed(episodes[1].identifier, played: true))

        let same = try store.keepPodcast(url: Self.url, feed: feed, etag: nil, lastModified: nil, at: 2_000)
        #expect(same.newEpisodes == 0 && same.revisedEpisodes.isEmpty, "an unchanged feed revises nothing")
        feed.episodes[1].enclosureURL = "https://cdn.example.test/moved/2.m4a"
        feed.episodes.append(FeedEpisode(key: "four", title: "Episode 4", published: 1_800_000_000, enclosureURL: "https://cdn.example.test/4.mp3"))
        let moved = "https://feeds.example.test/rondo.xml"
        let update = try store.keepPodcast(url: moved, previousURL: Self.url, feed: feed, etag: nil, lastModified: nil, at: 3_000)
        #expect(update.newEpisodes == 1)
        let movedEpisode = try #require(episodes.first { $0.key == feed.episodes[1].key })
        #expect(update.revisedEpisodes == [movedEpisode.identifier], "the moved enclosure's episode, and it alone, is revised")
        #expect(update.movedEnclosures == [movedEpisode.url: "https://cdn.example.test/moved/2.m4a"])
        #expect(update.show.identifier == first.show.identifier && update.show.url == moved)
        #expect(update.show.episodes == 4 && update.show.unplayed == 3)
        let after = try store.podcastEpisodes(show: first.show.identifier, offset: 0, limit: 10).items
        #expect(after.first?.title == "Episode 4")
        let second = try #require(after.first { $0.key == "rondo-test-hour-2" })
        #expect(second.identifier == episodes[1].identifier && second.played && second.url == "https://cdn.example.test/moved/2.m4a")
    }

    /// A failed refresh is recorded on the show until one succeeds; unsubscribing removes
    /// the show and its episodes.
    @Test func failuresAndUnsubscribing() throws {
        let (store, directory) = try store()
        defer { directory.remove() }
        let show = try store.keepPodcast(url: Self.url, feed: feed(), etag: nil, lastModified: nil, at: 1_000).show
        try store.recordPodcastRefresh(show: show.identifier, error: "the server answered HTTP 500", at: 2_000)
        let failed = try #require(try store.podcastShow(show.identifier))
        #expect(failed.error == "the server answered HTTP 500" && failed.lastRefresh == 2_000)
        _ = try store.keepPodcast(url: Self.url, feed: feed(), etag: nil, lastModified: nil, at: 3_000)
        #expect(try store.podcastShow(show.identifier)?.error == nil)
        #expect(try store.unsubscribePodcast(show.identifier))
        #expect(!(try store.unsubscribePodcast(show.identifier)))
        #expect(try store.podcastShows().isEmpty)
        #expect(try store.podcastEpisodes(show: show.identifier, offset: 0, limit: 10).total == 0)
        #expect(!(try store.setEpisodePlayed("rondo:episode:0000", played: true)))
    }
}
