import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// Chapters through the real daemon (SPEC §11), on a book whose three 2 s chapters are
/// tones of their own (440, 660, 880 Hz): now-playing names the chapter, `rondo chapter 2`
/// is heard at the third chapter's tone, and crossing into a chapter publishes it.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("a chapter is published when the server plays its first sample"))
struct ChaptersByEarTests {
    @Test func chapterCommandIsHeardAtThatChapter() throws {
        let bench = try AudioTestBench()
        try bench.queue("chapters.m4b")
        #expect(try bench.send(.play) == .success)
        #expect(bench.waitToHear(440, upTo: 3))
        let info = try bench.nowPlaying().info
        #expect(info.chapterCount == 3)
        #expect(info.chapterNumber == 0)
        #expect(info.chapterTitle == "Low")

        let rondo = { (arguments: [String]) in
            Subprocess.capture([BuiltProducts.rondo] + arguments, environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        }
        let moved = rondo(["chapter", "2"])
        #expect(moved.status == 0, "rondo chapter 2: \(moved.stderr)")
        #expect(moved.stdout.contains("▶ 2  0:04  High"), "\(moved.stdout)")
        #expect(bench.waitToHear(880, upTo: 1), "the third chapter's tone was not heard")
        #expect(try bench.nowPlaying().info.chapterTitle == "High")

        #expect(rondo(["chapter", "previous"]).status == 0)
        #expect(bench.waitToHear(660, upTo: 1), "previous within 3 s of a chapter's start goes back one: 2 → 1")
        let listed = try bench.client.call(Methods.ChaptersGet.self)
        #expect(listed.chapters.map(\.title) == ["Low", "Middle", "High"])
        #expect(listed.chapters.map(\.duration).allSatisfy { abs(($0 ?? 0) - 2) < 0.05 })

        let refused = rondo(["chapter", "7"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("no chapter 7: the current item has 3"), "\(refused.stderr)")
    }

    /// Playing from the first chapter into the second publishes `nowPlaying.changed` with
    /// the new chapter, as it is heard (within a second, as a stream's new title is).
    @Test func crossingIntoAChapterIsPublished() throws {
        let bench = try AudioTestBench()
        let events = try bench.daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.nowPlaying]))
        try bench.queue("chapters.flac")
        #expect(try bench.send(.play) == .success)
        var told: Date?
        // The second chapter begins 2 s into the book; a loaded machine may start it late.
        let deadline = Date().addingTimeInterval(15)
        while told == nil, Date() < deadline {
            guard let event = try events.nextEvent(timeout: 0.1) else { continue }
            if try event.decode(Events.NowPlayingChanged.self)?.info.chapterNumber == 1 { told = Date() }
        }
        let published = try #require(told, "no nowPlaying.changed for the second chapter")
        // Told before it was heard: the chapter's tone is still on its way to the sink.
        var firstHeard: Date?
        _ = bench.wait(upTo: 2) {
            firstHeard = bench.firstHeard(660, from: published.addingTimeInterval(-2), to: Date())
            return firstHeard != nil
        }
        let heard = try #require(firstHeard)
        #expect(abs(published.timeIntervalSince(heard)) < 1, "told \(published.timeIntervalSince(heard)) s after it was heard")
    }

    /// A book played from Podcasts & Books has the chapters its file holds, though the
    /// library's row (not the file) describes it.
    @Test func aBookFromTheLibraryHasItsChapters() throws {
        let music = try MusicDirectory()
        try FileManager.default.createDirectory(atPath: music.directory.appending("Books"), withIntermediateDirectories: true)
        try music.write("Books/Three Tones.m4b", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("chapters.m4b")))))
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", music.path])
        _ = try bench.client.scanLibrary()
        #expect(try bench.client.children([2]).items.count == 1, "the book is a show of its own")
        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [2, 0, 0]))
        #expect(try bench.wait(upTo: 3) { try bench.nowPlaying().info.chapterCount == 3 })
        #expect(try bench.client.call(Methods.ChaptersGet.self).chapters.map(\.title) == ["Low", "Middle", "High"])
        #expect(bench.waitToHear(440, upTo: 3))
    }

    /// An `.m4b` of twelve chapters is a book in Podcasts & Books whose twelve children are
    /// its chapters; the fifth, chosen, plays from its start. Set to 1.5 and paused there,
    /// the book comes back after a `kill -9` in that chapter and at that rate, and the tree
    /// shows the chapters before it heard, the one it is in begun, the next not started.
    @Test func aBookOfTwelveChaptersComesBackAfterAKill() throws {
        let music = try MusicDirectory()
        try FileManager.default.createDirectory(atPath: music.directory.appending("Books"), withIntermediateDirectories: true)
        try music.write("Books/Twelve Parts.m4b", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("book12.m4b")))))
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", music.path])
        _ = try bench.client.scanLibrary()
        let book = try bench.client.item([2, 0])
        #expect(book.title == "Twelve Parts" && book.isContainer && book.isPlayable)
        let chapters = try bench.client.children([2, 0])
        #expect(chapters.items.map(\.title) == (1...12).map { "Part \($0)" })

        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [2, 0, 4]))
        #expect(try bench.wait(upTo: 3) { try bench.nowPlaying().info.chapterNumber == 4 })
        let start = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        #expect(start >= 6 && start < 7, "chapter 5 starts at 6 s; playing from \(start) s")
        #expect(bench.waitToHear(440, upTo: 3))
        let rate = RemoteSendParams(command: .changePlaybackRate, playbackRate: 1.5)
        #expect(try bench.client.call(Methods.RemoteSend.self, rate).status == .success)
        #expect(try bench.send(.pause) == .success)
        let place = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        #expect(place >= 6 && place < 7.5, "paused at \(place) s")
        let progress = try bench.client.children([2, 0]).items.map(\.playbackProgress)
        #expect(progress[3] == 1 && progress[5] == 0, "\(progress)")
        #expect((progress[4] ?? 0) > 0 && (progress[4] ?? 1) < 1, "\(progress)")

        bench.daemon.kill()
        let again = try DaemonProcess(pulseServer: bench.pulse.server, restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.NowPlayingGet.self).info.title == "Twelve Parts")
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        let restored = try client.call(Methods.NowPlayingGet.self).info
        #expect(restored.playbackRate == 1.5, "\(restored)")
        #expect(restored.chapterNumber == 4 && restored.chapterTitle == "Part 5", "\(restored)")
        #expect(abs((restored.elapsedPlaybackTime ?? 0) - place) < 1, "\(restored)")
    }
}
