import Feeds
import Foundation
import Library
import Logging
import RondoProtocol
import RondoTesting
import Synchronization
import Testing

@testable import RondoDaemon

/// The refresher's schedule on an injected clock, against the tests' web server: a show is
/// fetched again once `refresh_every` (less the jitter's tenth) has passed since its last
/// refresh, not before; a failed refresh is retried on the next pass; a feed moved for good
/// keeps its show at the new address.
@Suite
struct PodcastScheduleTests {
    private final class Clock: Sendable {
        let seconds = Mutex(1_000_000.0)
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
        var now: Double { seconds.withLock { $0 } }
    }

    private func service(_ store: LibraryStore, clock: Clock, directory: TemporaryDirectory) -> PodcastService {
        var settings = PodcastSettings()
        settings.downloadAhead = 0
        return PodcastService(
            store: store, network: NetworkSettings(), settings: settings, downloadDirectory: directory.appending("podcasts"),
            hub: EventHub(), logger: Logger(label: "rondod-test") { _ in SwiftLogNoOpLogHandler() }, now: { clock.now })
    }

    private func feed(on server: TestHTTPServer) -> [UInt8] {
        Array(
            """
            <rss version="2.0"><channel><title>Scheduled</title>
            <item><title>One</title><guid>one</guid><enclosure url="\(server.url("one.mp3"))" type="audio/mpeg"/></item>
            </channel></rss>
            """.utf8)
    }

    @Test func aShowIsFetchedAgainOnlyOnceItIsDue() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        try server.write("show.xml", feed(on: server))
        let directory = try TemporaryDirectory(prefix: "rondo-schedule")
        defer { directory.remove() }
        let store = LibraryStore(database: try LibraryDatabase(path: directory.appending("library.sqlite")))
        let clock = Clock()
        let podcasts = service(store, clock: clock, directory: directory)
        _ = try await podcasts.subscribe(PodcastSubscribeParams(url: server.url("show.xml")))
        let fetches = { server.requests.filter { $0.path == "/show.xml" }.count }
        #expect(fetches() == 1)

        clock.advance(3_000)
        await podcasts.refreshDueShows()
        #expect(fetches() == 1, "50 minutes after a refresh, an hourly show is not due")
        clock.advance(300)
        await podcasts.refreshDueShows()
        #expect(fetches() == 2, "55 minutes after, within the jitter's tenth, it is")
        #expect(try store.podcastShows().first?.lastRefresh == clock.now)

        server.stop()
        clock.advance(3_600)
        await podcasts.refreshDueShows()
        let failed = try #require(try store.podcastShows().first)
        #expect(failed.error != nil && failed.lastRefresh == clock.now, "a refresh that failed is recorded on the show")
        #expect(failed.episodes == 1)
    }

    @Test func aFeedMovedForGoodKeepsItsShowAtTheNewAddress() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        try server.write("show.xml", feed(on: server))
        try server.write("new.xml", feed(on: server))
        let directory = try TemporaryDirectory(prefix: "rondo-schedule")
        defer { directory.remove() }
        let store = LibraryStore(database: try LibraryDatabase(path: directory.appending("library.sqlite")))
        let clock = Clock()
        let podcasts = service(store, clock: clock, directory: directory)
        let old = server.url(.moved(status: 301), "new.xml")
        let subscribed = try await podcasts.subscribe(PodcastSubscribeParams(url: server.url("show.xml")))
        #expect(try store.podcastShows().first?.url == server.url("show.xml"))
        // The show's feed now answers with a permanent redirect.
        try store.keepPodcast(
            url: old, previousURL: server.url("show.xml"), feed: Feed(), etag: nil, lastModified: nil, at: clock.now)
        _ = try await podcasts.refresh(PodcastShowParams(show: subscribed.show))
        let shows = try store.podcastShows()
        #expect(shows.map(\.identifier) == [subscribed.show])
        #expect(shows.first?.url == server.url("new.xml"), "\(shows)")
        #expect(shows.first?.error == nil)
    }
}
