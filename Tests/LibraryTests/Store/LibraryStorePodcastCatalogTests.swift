import Feeds
import Foundation
import RondoTesting
import Testing

@testable import Library

/// Subscribed podcasts in the browse tree over a real SQLite file: under `Podcasts & Books`
/// beside the books a scan finds, by title across both; a show's episodes newest first as
/// spoken-word tracks whose path is their identifier, with their feed's facts; a show plays
/// from its newest unplayed episode; an episode's resume point and rate are kept under its
/// identifier, and the rate becomes its show's.
struct LibraryStorePodcastCatalogTests {
    static let url = "http://127.0.0.1:8080/feeds/itunes-show.xml"

    private func subscribe(_ library: LibraryFixture) throws -> PodcastShowRecord {
        let feed = try FeedParser.parse(Fixtures.feed("itunes-show.xml"), url: Self.url)
        return try library.store.keepPodcast(url: Self.url, feed: feed, etag: nil, lastModified: nil, at: 1_000).show
    }

    @Test func subscribedShowsSortAmongScannedBooks() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("Books/A.m4b", ["title": "Aardvarks", "album": "Aardvarks", "genre": "Audiobook"])
        try library.add("Books/Z.m4b", ["title": "Zebras", "album": "Zebras", "genre": "Audiobook"])
        try library.scan()
        #expect(try library.all(.spokenShows).map(\.title) == ["Aardvarks", "Zebras"])

        let show = try subscribe(library)
        #expect(try library.store.count(.spokenShows) == 3)
        let shows = try library.all(.spokenShows)
        #expect(shows.map(\.title) == ["Aardvarks", "The Rondo Test Hour", "Zebras"])
        #expect(try library.store.entries(.spokenShows, in: 1..<3).map(\.title) == ["The Rondo Test Hour", "Zebras"])
        guard case .podcast(let podcast) = shows[1] else {
            Issue.record("not a podcast: \(shows[1])")
            return
        }
        #expect(podcast.identifier == show.identifier && podcast.episodeCount == 3 && podcast.unplayedCount == 3)
        #expect(try library.store.entry(forIdentifier: show.identifier) == .podcast(podcast))

        let tree = BrowseTree(catalog: library.store, musicDirectory: "/music")
        let item = try tree.item(at: [2, 1], limits: .default)
        #expect(item.identifier == show.identifier && item.subtitle == "3 new" && item.isContainer && item.isPlayable)
        #expect(item.isStreamingContent && item.playbackProgress == 0)
        #expect(try tree.count(at: [2, 1], limits: .default) == 3)
    }

    @Test func episodesAreSpokenWordTracksNewestFirst() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let show = try subscribe(library)
        let podcast = try #require(try library.store.podcastShow(show.identifier))
        let entries = try library.all(.episodesOf(podcast: podcast.id))
        #expect(entries.map(\.title) == ["Episode 3: Chapters & Friends", "Episode 2: Two Enclosures", "Episode 1: Sloppy"])
        let tracks = entries.compactMap { entry -> CatalogTrack? in if case .track(let track) = entry { track } else { nil } }
        #expect(tracks.count == 3)
        for track in tracks {
            #expect(track.path == track.identifier && track.identifier.hasPrefix("rondo:episode:"))
            #expect(track.isSpokenWord && track.albumTitle == "The Rondo Test Hour")
            let episode = try #require(track.episode)
            #expect(episode.show == show.identifier && !episode.played && episode.audioURL.hasPrefix("http"))
            #expect(episode.downloadedPath == nil)
            #expect(try library.store.track(atPath: track.identifier) == track)
            #expect(try library.store.entry(forIdentifier: track.identifier) == .track(track))
        }
        #expect(try library.store.track(atPath: "rondo:episode:0000000000000000") == nil)
        #expect(try library.store.entry(forIdentifier: "rondo:show:0000000000000000") == nil)
    }

    @Test func aShowPlaysFromItsNewestUnplayedEpisode() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let show = try subscribe(library)
        let newest = try library.store.podcastEpisodes(show: show.identifier, offset: 0, limit: 3).items
        #expect(try library.store.setEpisodePlayed(newest[0].identifier, played: true))
        let tree = BrowseTree(catalog: library.store, musicDirectory: "/music")
        let selection = try tree.playback(forIdentifier: show.identifier)
        #expect(selection.items.map(\.location) == newest.map(\.identifier))
        #expect(selection.startIndex == 1)
        let played = try tree.item(forIdentifier: newest[0].identifier)
        #expect(played.playbackProgress == 1 && played.isStreamingContent)
        #expect(try tree.item(forIdentifier: show.identifier).subtitle == "2 new")
    }

    @Test func anEpisodesPlaceAndRateAreKeptAndTheRateIsItsShows() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let show = try subscribe(library)
        let episodes = try library.store.podcastEpisodes(show: show.identifier, offset: 0, limit: 3).items
        try library.store.setResumePosition(path: episodes[0].identifier, seconds: 42, rate: 1.5)
        let heard = try #require(try library.store.track(atPath: episodes[0].identifier))
        #expect(heard.resumePosition == 42 && heard.resumeRate == 1.5)
        let next = try #require(try library.store.track(atPath: episodes[1].identifier))
        #expect(next.resumePosition == nil && next.resumeRate == 1.5, "the show's rate")
        try library.store.setResumePosition(path: episodes[1].identifier, seconds: 3, rate: 0.75)
        #expect(try library.store.track(atPath: episodes[0].identifier)?.resumeRate == 1.5, "its own rate")
        #expect(try library.store.track(atPath: episodes[2].identifier)?.resumeRate == 0.75)
        // The fixture's newest episode lasts 1:02:03 by its feed: within 30 s of that it is played.
        let duration = try #require(try library.store.track(atPath: episodes[0].identifier)?.duration)
        try library.store.setResumePosition(path: episodes[0].identifier, seconds: duration - 31, playedWithin: 30)
        #expect(try library.store.track(atPath: episodes[0].identifier)?.episode?.played == false)
        try library.store.setResumePosition(path: episodes[0].identifier, seconds: duration - 29, playedWithin: 30)
        #expect(try library.store.track(atPath: episodes[0].identifier)?.episode?.played == true)
        #expect(try library.store.unsubscribePodcast(show.identifier))
        #expect(try library.store.track(atPath: episodes[0].identifier) == nil)
    }
}
