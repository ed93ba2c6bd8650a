import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Synchronization
import Testing

/// Podcasts through the real daemon (SPEC §12), their feeds and episodes served over
/// loopback by the tests' web server (ETag, Last-Modified, 304, byte ranges): a subscription
/// shows in `Podcasts & Books`; a refresh of an unchanged feed asks conditionally and adds
/// nothing; an item new at the source arrives with `podcast.refreshed`; a feed that breaks
/// is shown with its error and recovers; OPML goes out and comes back; an episode streams,
/// is heard, and comes back after `kill -9` where it was, at its show's rate.
@Suite(.sameOnEveryAudioServer("feeds, refreshes, downloads and OPML"))
struct PodcastTests {
    /// One `<item>` of a fixture feed.
    struct Item {
        var guid: String
        var title: String
        var file: String
        /// Day of November 2026 it was published.
        var day: Int
        /// Its Podcasting 2.0 chapters document, a file of the server.
        var chapters: String? = nil
    }

    /// An RSS 2.0 feed with the iTunes namespace, as publishers write them, whose
    /// enclosures are files of `server`, written in `encoding` and declaring `declared`
    /// (the encoding, unless told otherwise) in its prolog.
    static func feed(
        _ title: String, _ items: [Item], on server: TestHTTPServer, encoding: String = "UTF-8", declared: String? = nil
    ) -> [UInt8] {
        let entries = items.map { item in
            """
                <item>
                  <title>\(item.title)</title>
                  <guid isPermaLink="false">\(item.guid)</guid>
                  <pubDate>Mon, \(String(format: "%02d", item.day)) Nov 2026 10:00:00 GMT</pubDate>
                  <enclosure url="\(server.url(item.file))" length="160000" type="audio/mpeg"/>
                  <itunes:duration>0:10</itunes:duration>
                  \(item.chapters.map { "<podcast:chapters url=\"\(server.url($0))\" type=\"application/json+chapters\"/>" } ?? "")
                  <description><![CDATA[<p>Notes of <b>\(item.title)</b></p>]]></description>
                </item>
            """
        }
        return EncodedText.bytes(
            """
            <?xml version="1.0" encoding="\(declared ?? encoding)"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
              <channel>
                <title>\(title)</title>
                <itunes:author>Rondo Tests</itunes:author>
                <itunes:explicit>false</itunes:explicit>
            \(entries.joined(separator: "\n"))
              </channel>
            </rss>
            """, in: encoding)
    }

    /// A `rondo.toml` that downloads no episode ahead, so what plays is asked of the server
    /// where a test sees it, with `more` lines after; its directory and its path.
    static func configurationWithoutDownloads(_ more: String = "") throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory(prefix: "rondo-podcast-config")
        let path = directory.appending("rondo.toml")
        try Data(("[podcasts]\ndownload_ahead = 0\n" + more).utf8).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    static let twoEpisodes = [
        Item(guid: "ep-1", title: "First Steps", file: "ep1.mp3", day: 2),
        Item(guid: "ep-2", title: "Second Steps", file: "ep2.mp3", day: 9, chapters: "ep2-chapters.json"),
    ]

    /// A server with two episodes of `steps.mp3` and their feed at `show.xml`.
    static func server() throws -> TestHTTPServer {
        let server = try TestHTTPServer()
        let steps = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("steps.mp3"))))
        try server.write("ep1.mp3", steps)
        try server.write("ep2.mp3", steps)
        let chapters = #"{"version": "1.2.0", "chapters": [{"startTime": 0, "title": "Low steps"}, {"startTime": 5, "title": "High steps"}]}"#
        try server.write("ep2-chapters.json", Array(chapters.utf8))
        try server.write("show.xml", feed("Steps Weekly", twoEpisodes, on: server))
        return server
    }

    @Test func subscribeRefreshAndOPMLRoundTrip() throws {
        let server = try Self.server()
        defer { server.stop() }
        let (configDirectory, config) = try Self.configurationWithoutDownloads()
        defer { configDirectory.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config])
        defer { daemon.stop() }
        let client = try daemon.client()

        let subscribed = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("show.xml")))
        #expect(subscribed.title == "Steps Weekly" && subscribed.episodes == 2 && subscribed.show.hasPrefix("rondo:show:"))
        let listed = try client.call(Methods.PodcastList.self)
        #expect(listed.count == 1 && listed.first?.unplayed == 2 && listed.first?.error == nil)
        let firstRefresh = try #require(listed.first?.lastRefresh)

        let shows = try client.children([2])
        #expect(shows.items.map(\.title) == ["Steps Weekly"])
        #expect(shows.items.first?.subtitle == "2 new" && shows.items.first?.isStreamingContent == true)
        let episodes = try client.children([2, 0])
        #expect(episodes.items.map(\.title) == ["Second Steps", "First Steps"])
        #expect(episodes.items.allSatisfy { $0.identifier.hasPrefix("rondo:episode:") && $0.isStreamingContent && $0.isPlayable })
        let page = try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: subscribed.show, limit: 1))
        #expect(page.total == 2 && page.items.map(\.title) == ["Second Steps"])
        let far = try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: subscribed.show, offset: 9_223_372_036_854_774_784))
        #expect(far.items.isEmpty && far.total == 2, "an offset past any list is an empty page, not a crash")

        // Unchanged at the source: asked for conditionally, answered 304, nothing new.
        let requestsBefore = server.requests.count
        let unchanged = try client.call(Methods.PodcastRefresh.self, PodcastShowParams())
        #expect(unchanged == PodcastRefreshResult(shows: 1, newEpisodes: 0))
        let asked = server.requests.dropFirst(requestsBefore).filter { $0.path == "/show.xml" }
        #expect(asked.count == 1 && asked.first?.conditional == true, "\(asked)")
        #expect((try client.call(Methods.PodcastList.self).first?.lastRefresh ?? 0) > firstRefresh)

        // A new item at the source arrives with podcast.refreshed.
        let events = try daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.library]))
        let three = Self.twoEpisodes + [Item(guid: "ep-3", title: "Third Steps", file: "ep1.mp3", day: 16)]
        try server.write("show.xml", Self.feed("Steps Weekly", three, on: server))
        let refreshed = try client.call(Methods.PodcastRefresh.self, PodcastShowParams(show: subscribed.show))
        #expect(refreshed == PodcastRefreshResult(shows: 1, newEpisodes: 1))
        let announced = try Self.event(Events.PodcastRefreshedEvent.self, on: events)
        #expect(announced == PodcastRefreshed(show: subscribed.show, newEpisodes: 1))
        #expect(try client.children([2, 0]).items.first?.title == "Third Steps")

        // A feed that breaks is shown with why, and recovers on the next refresh.
        try server.write("show.xml", Array("<html><body>gone</body></html>".utf8))
        #expect(try client.call(Methods.PodcastRefresh.self, PodcastShowParams()).newEpisodes == 0)
        let broken = try #require(try client.call(Methods.PodcastList.self).first)
        #expect(broken.error?.contains("not a podcast feed") == true, "\(broken)")
        #expect(broken.episodes == 3, "a broken feed loses no episode")
        try server.write("show.xml", Self.feed("Steps Weekly", three, on: server))
        _ = try client.call(Methods.PodcastRefresh.self, PodcastShowParams())
        #expect(try client.call(Methods.PodcastList.self).first?.error == nil)

        // OPML out, unsubscribe, OPML in: the same show again.
        let opml = try client.call(Methods.PodcastExportOPML.self).opml
        #expect(opml.contains("xmlUrl=\"\(server.url("show.xml"))\"") && opml.contains("text=\"Steps Weekly\""))
        _ = try client.call(Methods.PodcastUnsubscribe.self, PodcastShowParams(show: subscribed.show))
        #expect(try client.call(Methods.PodcastList.self).isEmpty)
        let directory = try TemporaryDirectory(prefix: "rondo-opml")
        defer { directory.remove() }
        let file = directory.appending("subscriptions.opml")
        try Data(opml.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try client.call(Methods.PodcastImportOPML.self, PodcastImportParams(path: file))
        #expect(imported == PodcastImportResult(subscribed: 1))
        let back = try client.call(Methods.PodcastList.self)
        #expect(back.map(\.show) == [subscribed.show] && back.first?.episodes == 3)
    }

    /// The reported feed, Latin-1 declared only in its prolog and served as
    /// `application/rss+xml` without a charset, subscribes as "Sèries i Cinema" with its
    /// episodes' titles whole; a KOI8-R feed is read in the charset its server names although
    /// its prolog names another; one in an encoding nobody can read is refused, naming it.
    @Test func aFeedIsReadInTheEncodingItDeclares() throws {
        let server = try Self.server()
        defer { server.stop() }
        let catalan = [
            Item(guid: "c-1", title: "Capítol 1: l'èxit", file: "ep1.mp3", day: 2),
            Item(guid: "c-2", title: "Capítol 2: què ve després", file: "ep2.mp3", day: 9),
        ]
        try server.write("cinema.xml", Self.feed("Sèries i Cinema", catalan, on: server, encoding: "ISO-8859-1"))
        let russian = [Item(guid: "r-1", title: "Выпуск 1: Ёлка", file: "ep1.mp3", day: 2)]
        try server.write("kino.xml", Self.feed("Сериалы и кино", russian, on: server, encoding: "KOI8-R", declared: "ISO-8859-1"))
        try server.write("martian.xml", Self.feed("Martian", russian, on: server, encoding: "UTF-8", declared: "x-martian-7"))
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { daemon.stop() }
        let client = try daemon.client()

        let cinema = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("cinema.xml")))
        #expect(cinema.title == "Sèries i Cinema")
        let episodes = try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: cinema.show))
        #expect(episodes.items.map(\.title) == ["Capítol 2: què ve després", "Capítol 1: l'èxit"])

        let kino = server.url(.contentType("application/rss+xml;%20charset=KOI8-R"), "kino.xml")
        let russianShow = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: kino))
        #expect(russianShow.title == "Сериалы и кино")
        let russianEpisodes = try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: russianShow.show))
        #expect(russianEpisodes.items.map(\.title) == ["Выпуск 1: Ёлка"])

        do {
            _ = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("martian.xml")))
            Issue.record("a feed in an unknown encoding was subscribed")
        } catch {
            guard case .rpc(let reply) = error else { throw error }
            #expect(reply.data?.code == .decodeFailed && reply.message.contains("x-martian-7"), "\(reply)")
        }
        #expect(try client.call(Methods.PodcastList.self).map(\.title) == ["Sèries i Cinema", "Сериалы и кино"])
    }

    /// A news feed's picture is no episode; a video whose sound FFmpeg can play is one, and
    /// plays as sound; a video without sound is left out and the log says why; an item with
    /// both sound and a video plays its sound.
    @Test func picturesAreNoEpisodesAndVideosOnlyForTheirSound() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        for name in ["steps.mp3", "steps-video.mp4", "silent-video.mp4"] {
            try server.write(name, Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name)))))
        }
        try server.write("photo.jpg", Fixtures.coverJPEG)
        let feed = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Newsroom</title>
            <item><title>News story</title><guid>n1</guid><enclosure url="\(server.url("photo.jpg"))" type="image/jpeg"/></item>
            <item><title>Video with sound</title><guid>n2</guid><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate>
              <media:content url="\(server.url("steps-video.mp4"))" medium="video"/></item>
            <item><title>Silent video</title><guid>n3</guid><enclosure url="\(server.url("silent-video.mp4"))" type="video/mp4"/></item>
            <item><title>Both</title><guid>n4</guid><pubDate>Mon, 09 Nov 2026 10:00:00 GMT</pubDate>
              <enclosure url="\(server.url("steps-video.mp4"))" type="video/mp4"/>
              <enclosure url="\(server.url("steps.mp3"))" type="audio/mpeg"/></item>
            </channel></rss>
            """
        try server.write("news.xml", Array(feed.utf8))
        let (configDirectory, config) = try Self.configurationWithoutDownloads()
        defer { configDirectory.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config, "--output", "null"])
        defer { daemon.stop() }
        let client = try daemon.client()

        let show = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("news.xml")))
        let episodes = try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: show.show)).items
        #expect(episodes.map(\.title) == ["Both", "Video with sound"])
        #expect(daemon.log.contains("Silent video: its enclosure is a video whose sound cannot be played"), "\(daemon.log)")
        #expect(daemon.log.contains("News story: its enclosure is a picture"), "\(daemon.log)")

        let before = server.requests.count
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [episodes[0].identifier]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(try Self.wait(upTo: 5) { (try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime ?? 0) > 0.5 })
        #expect(server.requests.dropFirst(before).contains { $0.path == "/steps.mp3" }, "the item's sound, not its video")
        #expect(try client.call(Methods.NowPlayingGet.self).info.assetURL == server.url("steps.mp3"))
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [episodes[1].identifier]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        let heard = try Self.wait(upTo: 5) {
            let info = try client.call(Methods.NowPlayingGet.self).info
            return info.title == "Video with sound" && (info.elapsedPlaybackTime ?? 0) > 0.5
        }
        #expect(heard, "the video's sound was not heard")
    }

    @Test func whatIsNoFeedIsRefusedWithWhy() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        try server.write("laughs.xml", try Fixtures.feed("billion-laughs.xml"))
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { daemon.stop() }
        let client = try daemon.client()
        let refusals: [(String, ErrorCode)] = [
            (server.url("laughs.xml"), .decodeFailed), (server.url("missing.xml"), .unreachable), ("ftp://host/feed", .badParam),
        ]
        for (url, code) in refusals {
            #expect(client.failure(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: url)) == code, "\(url)")
        }
        #expect(try client.call(Methods.PodcastList.self).isEmpty)
        #expect(client.failure(Methods.PodcastUnsubscribe.self, PodcastShowParams(show: "rondo:show:0")) == .notFound)
        #expect(client.failure(Methods.PodcastImportOPML.self, PodcastImportParams(path: "/nonexistent.opml")) == .notFound)

        // A named pipe would block the reader until someone writes to it: refused at once.
        let directory = try TemporaryDirectory(prefix: "rondo-opml")
        defer { directory.remove() }
        let fifo = directory.appending("subscriptions.opml")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(client.failure(Methods.PodcastImportOPML.self, PodcastImportParams(path: fifo)) == .badParam)

        // An episode the library does not have is not queued.
        #expect(client.failure(Methods.QueueSet.self, QueueItemsParams(items: ["rondo:episode:0123456789abcdef"])) == .notFound)
        #expect(try client.call(Methods.QueueGet.self, QueueGetParams()).count == 0)

        // A server's error page is reported as the error it is, never read as the feed.
        do {
            _ = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url(.errorPage(404))))
            Issue.record("an error page was taken for a feed")
        } catch {
            guard case .rpc(let reply) = error else { throw error }
            #expect(reply.data?.code == .unreachable && reply.message.contains("HTTP 404"), "\(reply)")
        }
    }

    /// A show unsubscribed while its feed is on the way stays unsubscribed when the refresh
    /// comes back.
    @Test func aRefreshDoesNotBringBackAnUnsubscribedShow() throws {
        let server = try Self.server()
        defer { server.stop() }
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { daemon.stop() }
        let client = try daemon.client()
        let slow = server.url(.stall(afterBytes: 200, seconds: 2), "show.xml")
        let show = try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: slow)).show
        // The file changes, so the refresh fetches it whole (slowly) rather than a 304.
        try server.write(
            "show.xml", Self.feed("Steps Weekly", Self.twoEpisodes + [Item(guid: "ep-3", title: "Third", file: "ep1.mp3", day: 16)], on: server))
        let socket = daemon.socketPath
        let refreshed = Mutex<PodcastRefreshResult?>(nil)
        let refreshing = Thread {
            let result = try? RondoClient(socketPath: socket).call(Methods.PodcastRefresh.self, PodcastShowParams(show: show))
            refreshed.withLock { $0 = result }
        }
        refreshing.start()
        #expect(try Self.wait(upTo: 3) { server.requests.filter { $0.path.hasSuffix("show.xml") }.count >= 2 })
        _ = try client.call(Methods.PodcastUnsubscribe.self, PodcastShowParams(show: show))
        #expect(try Self.wait(upTo: 6) { refreshed.withLock { $0 } != nil }, "the refresh answered")
        #expect(try client.call(Methods.PodcastList.self).isEmpty, "the unsubscribed show came back")
    }

    /// Three shows of two 20 s episodes (320 KB each) download ahead into a cache of 1 MiB:
    /// the cap holds (three fit, the fourth does not), each show gets its newest episode
    /// first, a downloaded episode plays from its file without asking the server, and an
    /// unsubscribed show's downloads leave the disk.
    @Test func downloadsAheadStayWithinTheCap() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let long = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("long440.mp3"))))
        for show in 1...3 {
            try server.write("s\(show)e1.mp3", long)
            try server.write("s\(show)e2.mp3", long)
            let items = [
                Item(guid: "s\(show)-1", title: "Show \(show) first", file: "s\(show)e1.mp3", day: 2),
                Item(guid: "s\(show)-2", title: "Show \(show) second", file: "s\(show)e2.mp3", day: 9),
            ]
            try server.write("show\(show).xml", Self.feed("Show \(show)", items, on: server))
        }
        let configDirectory = try TemporaryDirectory(prefix: "rondo-podcast-config")
        defer { configDirectory.remove() }
        let config = configDirectory.appending("rondo.toml")
        try Data("[podcasts]\ndownload_ahead = 2\ncache_limit_mb = 1\n".utf8).write(to: URL(fileURLWithPath: config))
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config, "--output", "null"])
        defer { daemon.stop() }
        let client = try daemon.client()
        var shows: [String] = []
        for show in 1...3 {
            shows.append(try client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("show\(show).xml"))).show)
        }
        let cache = daemon.directory.appending("cache/rondo/podcasts")
        func downloaded() throws -> [String] {
            try shows.flatMap { show in
                try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: show)).items.filter { !$0.isStreamingContent }
                    .map(\.title)
            }
        }
        func cacheBytes() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
            return names.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: cache + "/" + $1)[.size] as? Int) ?? 0) }
        }
        var settled: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let now = try downloaded()
            #expect(cacheBytes() <= 1 << 20, "the cache holds \(cacheBytes()) bytes")
            let partial = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).contains { $0.hasSuffix(".part") }
            if now == settled, now.count >= 3, !partial { break }
            settled = now
            Thread.sleep(forTimeInterval: 0.3)
        }
        #expect(Set(settled) == ["Show 1 second", "Show 2 second", "Show 3 second"], "\(settled)")
        #expect(cacheBytes() == 3 * long.count)

        let before = server.requests.count
        let newest = try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: shows[0])).items[0]
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [newest.identifier]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(try client.call(Methods.NowPlayingGet.self).info.title == "Show 1 second")
        #expect(try Self.wait(upTo: 3) { (try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime ?? 0) > 0.5 })
        #expect(server.requests.dropFirst(before).filter { $0.path.hasSuffix(".mp3") }.isEmpty, "\(server.requests.dropFirst(before))")
        _ = try client.call(Methods.QueueClear.self)

        // An unsubscribed show's downloads leave the disk (and its room may go to another
        // show's next episode): every file is a download of a show still subscribed.
        _ = try client.call(Methods.PodcastUnsubscribe.self, PodcastShowParams(show: shows[1]))
        shows.remove(at: 1)
        let cleared = try Self.wait(upTo: 5) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
            let kept = try downloaded().count
            return !files.contains { $0.hasSuffix(".part") } && cacheBytes() == kept * long.count && cacheBytes() <= 1 << 20
        }
        let left = try downloaded()
        #expect(cleared, "\(cacheBytes()) bytes after unsubscribing, \(left) downloaded")
        #expect(try downloaded().allSatisfy { !$0.hasPrefix("Show 2") })

        // A cap lowered to nothing empties the cache at the next start, and nothing more comes.
        daemon.stop()
        try Data("[podcasts]\ndownload_ahead = 2\ncache_limit_mb = 0\n".utf8).write(to: URL(fileURLWithPath: config))
        let restarted = try DaemonProcess(pulseServer: nil, arguments: ["--config", config, "--output", "null"], restarting: daemon)
        defer { restarted.stop() }
        let requestsBefore = server.requests.count
        _ = try restarted.client().call(Methods.PodcastMarkPlayed.self, PodcastMarkPlayedParams(identifier: newest.identifier, played: true))
        #expect(try Self.wait(upTo: 5) { cacheBytes() == 0 }, "\(cacheBytes()) bytes left under a cap of 0")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(server.requests.dropFirst(requestsBefore).filter { $0.path.hasSuffix(".mp3") }.isEmpty)
    }

    /// Whether `condition` held within `timeout` seconds.
    static func wait(upTo timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return try condition()
    }

    /// The next event `event` on `client`, waiting up to 5 s; others are passed over.
    static func event<E: RPCEvent>(_ event: E.Type, on client: RondoClient) throws -> E.Params? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            guard let next = try client.nextEvent(timeout: deadline.timeIntervalSinceNow) else { return nil }
            if let params = try next.decode(event) { return params }
        }
        return nil
    }
}

/// An episode streamed through the real daemon to a private PulseAudio server: heard, and
/// after `kill -9` back where it was heard at the rate it was heard at, which its show's next
/// episode starts at too.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("the position saved is the one the server played"))
struct PodcastByEarTests {
    @Test func anEpisodeStreamsAndComesBackAfterAKill() throws {
        let server = try PodcastTests.server()
        defer { server.stop() }
        let bench = try AudioTestBench()
        let show = try bench.client.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: server.url("show.xml")))
        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [2, 0, 0]))
        #expect(bench.wait(upTo: 5) { SignalAnalysis.level(bench.monitor.listen(for: 0.1)) > silenceLevel }, "nothing heard")
        let playing = try bench.nowPlaying()
        #expect(playing.info.title == "Second Steps" && playing.info.albumTitle == "Steps Weekly", "\(playing.info)")
        #expect(playing.info.externalContentIdentifier?.hasPrefix("rondo:episode:") == true)
        #expect(
            try bench.wait(upTo: 5) {
                try bench.client.call(Methods.ChaptersGet.self).chapters.map(\.title) == ["Low steps", "High steps"]
            }, "the feed's chapters")
        let rate = RemoteSendParams(command: .changePlaybackRate, playbackRate: 1.5)
        #expect(try bench.client.call(Methods.RemoteSend.self, rate).status == .success)
        #expect(try bench.wait(upTo: 6) { (try bench.nowPlaying().info.elapsedPlaybackTime ?? 0) >= 4 })
        let info = try bench.nowPlaying().info
        let heardAt = (info.elapsedPlaybackTime ?? 0) + (Date().timeIntervalSince1970 - (info.timestamp ?? 0)) * 1.5

        bench.daemon.kill()
        let again = try DaemonProcess(pulseServer: bench.pulse.server, restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.NowPlayingGet.self).info.title == "Second Steps")
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        let restored = try client.call(Methods.NowPlayingGet.self).info
        #expect(restored.playbackRate == 1.5, "\(restored)")
        #expect(abs((restored.elapsedPlaybackTime ?? 0) - heardAt) < 1, "killed at \(heardAt) s, back at \(restored)")
        let second = Int((restored.elapsedPlaybackTime ?? 0) + 0.5)
        #expect(bench.wait(upTo: 3) { abs(bench.heardFrequency(over: 0.2) - Double(300 + 100 * second)) <= 100 }, "not heard near second \(second)")

        let episodes = try client.call(Methods.PodcastEpisodes.self, PodcastEpisodesParams(show: show.show))
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [episodes.items[1].identifier]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(try bench.wait(upTo: 3) { try client.call(Methods.NowPlayingGet.self).info.title == "First Steps" })
        #expect(try client.call(Methods.NowPlayingGet.self).info.playbackRate == 1.5, "the show's rate")
    }
}
