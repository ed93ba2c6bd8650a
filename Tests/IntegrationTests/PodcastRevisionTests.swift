import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// What the player holds of a podcast episode follows the store when a refresh changes it:
/// an enclosure that moved is where the queued episode plays from, and every episode shows
/// where its audio is as its `assetURL` (SPEC §3), not its identifier.
@Suite
struct PodcastRevisionTests {
    /// Two episodes queued, the first playing and the second pre-rolled; both enclosures
    /// move and the old address of the second is gone: the refresh answers no new episode,
    /// the queue and now playing show the new addresses, the playing one stays where it was,
    /// and the queued one plays from its new address.
    @Test func aMovedEnclosureIsWhereTheQueuedEpisodePlaysFrom() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let steps = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("steps.mp3"))))
        for name in ["v1.mp3", "v2.mp3", "w1.mp3", "w2.mp3"] { try server.write(name, steps) }
        let before = [
            PodcastTests.Item(guid: "ep-1", title: "First Steps", file: "v1.mp3", day: 2),
            PodcastTests.Item(guid: "ep-2", title: "Second Steps", file: "w1.mp3", day: 9),
        ]
        try server.write("show.xml", PodcastTests.feed("Steps Weekly", before, on: server))
        let (directory, config) = try PodcastTests.configurationWithoutDownloads()
        defer { directory.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config, "--output", "null"])
        defer { _ = daemon.stop() }
        let client = try daemon.client()

        let show = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("show.xml"))).show
        let episodes = try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: show)).items
        #expect(episodes.map(\.title) == ["Second Steps", "First Steps"])
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: episodes.map(\.identifier), play: true))
        #expect(
            try eventually(within: 5) {
                let now = try client.call(Methods.NowPlayingGet.self)
                return now.playbackState == .playing && (now.info.elapsedPlaybackTime ?? 0) > 0.3
            }, "the first episode plays")
        #expect(eventually(within: 5) { server.requests.contains { $0.path == "/v1.mp3" } }, "the next episode is pre-rolled")
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .pause)).status == .success)
        let heldAt = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)

        // Where each episode's audio is, not its identifier.
        #expect(try client.call(Methods.NowPlayingGet.self).info.assetURL == server.url("w1.mp3"))
        #expect(
            try eventually {
                try client.call(Methods.QueueGet.self, QueueGetParams()).items.map(\.assetURL) == [server.url("w1.mp3"), server.url("v1.mp3")]
            })

        let after = [
            PodcastTests.Item(guid: "ep-1", title: "First Steps", file: "v2.mp3", day: 2),
            PodcastTests.Item(guid: "ep-2", title: "Second Steps", file: "w2.mp3", day: 9),
        ]
        try server.write("show.xml", PodcastTests.feed("Steps Weekly", after, on: server))
        try FileManager.default.removeItem(atPath: server.root + "/v1.mp3")
        let refreshed = try client.call(Methods.PodcastRefresh.self, PodcastShowParams(show: show))
        #expect(refreshed == PodcastRefreshResult(shows: 1, newEpisodes: 0))

        #expect(
            try eventually {
                try client.call(Methods.QueueGet.self, QueueGetParams()).items.map(\.assetURL) == [server.url("w2.mp3"), server.url("v2.mp3")]
            },
            "the queue shows the new addresses")
        let held = try client.call(Methods.NowPlayingGet.self)
        #expect(held.info.assetURL == server.url("w2.mp3") && held.info.title == "Second Steps")
        #expect(abs((held.info.elapsedPlaybackTime ?? 0) - heldAt) < 0.05, "the playing episode stays where it was")

        let asked = server.requests.count
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .nextTrack)).status == .success)
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(
            try eventually(within: 5) {
                let now = try client.call(Methods.NowPlayingGet.self)
                return now.info.title == "First Steps" && now.playbackState == .playing && (now.info.elapsedPlaybackTime ?? 0) > 0.5
            }, "the queued episode plays")
        let later = server.requests.dropFirst(asked).map(\.path)
        #expect(later.contains("/v2.mp3") && !later.contains("/v1.mp3"), "\(later)")
        #expect(try client.call(Methods.NowPlayingGet.self).info.assetURL == server.url("v2.mp3"))
    }
}

/// An episode that plays while its enclosure moves finishes from where it was: a dropped
/// connection resumes at its byte from the new address.
@Suite
struct PodcastMovedWhilePlayingTests {
    /// The episode plays through a proxy; its enclosure moves and the old file goes; the
    /// proxy cuts the connection: the episode resumes with a range request to the new address
    /// and plays on past the bytes it had read ahead, never skipped.
    @Test func aDroppedEpisodeResumesFromItsNewAddress() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let audio = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("long440.mp3"))))
        try server.write("p1.mp3", audio)
        try server.write("p2.mp3", audio)
        let proxy = try FaultProxy(targetPort: server.port)
        defer { proxy.stop() }
        // Twice as fast as it plays: the file is never all in the sockets' buffers when cut.
        proxy.trickle(bytesPerSecond: 32_000)
        let feed = { (file: String) in
            Array(
                """
                <rss version="2.0"><channel><title>Long Tones</title>
                <item><title>The Long One</title><guid>long-1</guid>
                <enclosure url="\(proxy.url("/" + file))" length="\(audio.count)" type="audio/mpeg"/></item>
                </channel></rss>
                """.utf8)
        }
        try server.write("show.xml", feed("p1.mp3"))
        let (directory, config) = try PodcastTests.configurationWithoutDownloads("[network]\nbuffer_s = 1\n")
        defer { directory.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config, "--output", "null"])
        defer { _ = daemon.stop() }
        let client = try daemon.client()

        let show = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("show.xml"))).show
        let episode = try #require(try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: show)).items.first)
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [episode.identifier], play: true))
        #expect(
            try eventually(within: 5) { (try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime ?? 0) > 1 },
            "the episode plays")

        try server.write("show.xml", feed("p2.mp3"))
        try FileManager.default.removeItem(atPath: server.root + "/p1.mp3")
        #expect(try client.call(Methods.PodcastRefresh.self, PodcastShowParams(show: show)).newEpisodes == 0)
        proxy.cut()

        // The cut is seen once the read-ahead is used up: a paused transfer reads nothing.
        #expect(
            eventually(within: 12) { server.requests.contains { $0.path == "/p2.mp3" && ($0.range ?? "").hasPrefix("bytes=") } },
            "\(server.requests)")
        let resumedAt = try #require(server.requests.first { $0.path == "/p2.mp3" }?.range)
        #expect(resumedAt != "bytes=0-", "resumed at its byte, not from the start")
        var last = try client.call(Methods.NowPlayingGet.self)
        #expect(
            try eventually(within: 15) {
                last = try client.call(Methods.NowPlayingGet.self)
                return (last.info.elapsedPlaybackTime ?? 0) > 10
            }, "played on past what it had read ahead: \(last)")
        #expect(last.info.title == "The Long One" && last.playbackState == .playing)
    }
}

/// A downloaded episode's `assetURL` is its copy on disk, shown once the download is there
/// even for an episode queued before.
@Suite
struct PodcastDownloadedAssetTests {
    /// An episode queued while its download is on the way shows its enclosure's address,
    /// then, once downloaded, the `file://` URL of a copy holding the server's bytes.
    @Test func aDownloadedEpisodeShowsItsCopy() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let steps = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("steps.mp3"))))
        try server.write("one.mp3", steps)
        let items = [PodcastTests.Item(guid: "ep-1", title: "First Steps", file: "one.mp3", day: 2)]
        try server.write("show.xml", PodcastTests.feed("Steps Weekly", items, on: server))
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"])
        defer { _ = daemon.stop() }
        let client = try daemon.client()

        let show = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("show.xml"))).show
        let episode = try #require(try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: show)).items.first)
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [episode.identifier]))
        var shown = ""
        #expect(
            try eventually(within: 10) {
                shown = try client.call(Methods.QueueGet.self, QueueGetParams()).items.first?.assetURL ?? ""
                return shown.hasPrefix("file://")
            }, "still \(shown)")
        let copy = try #require(URL(string: shown)).path
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: copy))) == steps)
        #expect(!shown.contains("rondo%3Aepisode"))
    }
}
