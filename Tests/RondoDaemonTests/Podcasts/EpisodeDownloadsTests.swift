import Feeds
import Foundation
import Library
import Logging
import RondoTesting
import Streams
import Testing

@testable import RondoDaemon

/// Downloads ahead against the tests' web server behind a proxy that cuts connections: a
/// download cut part-way is kept and goes on from where it stopped with a Range request,
/// ending byte for byte the server's file; what no show wants any more leaves the disk.
@Suite
struct EpisodeDownloadsTests {
    @Test func aCutDownloadGoesOnFromWhereItStopped() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let audio = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("long440.mp3"))))
        try server.write("episode.mp3", audio)
        let proxy = try FaultProxy(targetPort: server.port)
        let feed = try FeedParser.parse(
            Array(
                """
                <rss version="2.0"><channel><title>Cut</title>
                <item><title>One</title><guid>one</guid><enclosure url="\(proxy.url("/episode.mp3"))" type="audio/mpeg"/></item>
                </channel></rss>
                """.utf8), url: server.url("feed.xml"))
        let directory = try TemporaryDirectory(prefix: "rondo-downloads")
        defer { directory.remove() }
        let store = LibraryStore(database: try LibraryDatabase(path: directory.appending("library.sqlite")))
        let show = try store.keepPodcast(url: server.url("feed.xml"), feed: feed, etag: nil, lastModified: nil, at: 1).show
        let downloads = EpisodeDownloads(
            store: store, directory: directory.appending("podcasts"), settings: PodcastSettings(),
            options: HTTPOptions(timeout: 2), logger: Logger(label: "rondod-test") { _ in SwiftLogNoOpLogHandler() })

        proxy.cutEach(afterBytes: audio.count / 3)
        #expect(await downloads.update().isEmpty, "a cut download moved no episode's audio")
        let files = { try FileManager.default.contentsOfDirectory(atPath: directory.appending("podcasts")) }
        let afterCut = try files()
        let partial = try #require(afterCut.first { $0.hasSuffix(".part") }, "\(afterCut)")
        let kept = try #require(try FileManager.default.attributesOfItem(atPath: directory.appending("podcasts/" + partial))[.size] as? Int)
        #expect(kept > 0 && kept < audio.count)
        #expect(try store.downloadedEpisodes().isEmpty)

        proxy.cutEach(afterBytes: nil)
        let moved = await downloads.update()
        let episode = try #require(try store.downloadedEpisodes().first)
        #expect(moved == [episode.identifier], "the downloaded episode's audio is now on disk")
        let path = try #require(episode.downloadPath)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == audio, "the download is the server's file")
        #expect(server.requests.contains { $0.range == "bytes=\(kept)-" }, "\(server.requests)")
        #expect(try files() == [(path as NSString).lastPathComponent])

        #expect(try store.unsubscribePodcast(show.identifier))
        await downloads.update()
        #expect(try files().isEmpty, "an unsubscribed show's download leaves the disk")
    }
}
