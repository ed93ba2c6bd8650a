import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// Playing from the library through the real daemon, heard at a private PulseAudio server's
/// monitor: `rondo play INDEX_PATH`, the queue it makes, Recently Played, and podcasts that
/// resume where they were left.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .sameOnEveryAudioServer("the queue an index path makes and what is remembered"))
struct LibraryPlaybackTests {
    /// `rondo play 0.0.0.0.0` plays the first track of the first album of the first artist
    /// (heard at its frequency), queues that album, and marks it in `nowPlayingIdentifiers`.
    @Test func playingAnIndexPathPlaysThatTrack() throws {
        let music = try MusicDirectory()
        try music.add("B/b.mp3", title: "Second artist", artist: "Beta", album: "B", track: 1, frequency: 440, seconds: 8)
        try music.add("A/2.mp3", title: "Two", artist: "Alpha", album: "A", year: 2000, track: 2, frequency: 440, seconds: 8)
        try music.add("A/1.mp3", title: "One", artist: "Alpha", album: "A", year: 2000, track: 1, frequency: 1000, seconds: 8)
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", music.path])
        _ = try bench.client.scanLibrary()

        let run = Subprocess.capture([BuiltProducts.rondo, "--socket", bench.daemon.socketPath, "play", "0.0.0.0.0"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().playbackState) == .playing })
        let state = try bench.nowPlaying()
        #expect(state.info.title == "One")
        #expect(abs(bench.heardFrequency(over: 0.5) - 1000) < 30)
        let queue = try bench.client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(queue.items.map(\.title) == ["One", "Two"])
        #expect(queue.index == 0)
        let track = try bench.client.item([0, 0, 0, 0, 0])
        let album = try bench.client.item([0, 0, 0, 0])
        #expect(state.nowPlayingIdentifiers == [track.identifier, album.identifier])
        #expect(state.info.externalContentIdentifier == track.identifier)

        let played = try bench.client.children([0, 4]).items.map(\.title)
        #expect(played == ["One"])
    }

    /// Playing the second song of Songs queues every song and starts at that one.
    @Test func playingASongQueuesItsList() throws {
        let music = try MusicDirectory()
        for (index, title) in ["Alpha", "Bravo", "Charlie"].enumerated() {
            try music.add("\(index).mp3", title: title, artist: "X", album: "Y", track: index + 1, seconds: 4)
        }
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", music.path])
        _ = try bench.client.scanLibrary()
        #expect(try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [0, 2, 1])).status == .success)
        let queue = try bench.client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(queue.items.map(\.title) == ["Alpha", "Bravo", "Charlie"])
        #expect(queue.index == 1)
        #expect(bench.wait(upTo: 3) { bench.heardLevel(of: 440) > -30 })
    }

    /// With shuffle on, playing a song queues its whole list in a new order that opens with
    /// that song, and the order plays every song once.
    @Test func playingWithShuffleStartsAtTheChosenSong() throws {
        let music = try MusicDirectory()
        for index in 0..<8 {
            try music.add("\(index).mp3", title: "Song \(index)", artist: "X", album: "Y", track: index + 1, seconds: 2)
        }
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", music.path])
        _ = try bench.client.scanLibrary()
        _ = try bench.client.call(
            Methods.RemoteSend.self, RemoteSendParams(command: .changeShuffleMode, shuffleType: .items))
        #expect(try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [0, 2, 5])).status == .success)
        #expect(try bench.nowPlaying().info.title == "Song 5")
        let queue = try bench.client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(queue.count == 8 && queue.shuffle == .items)
        var heard = ["Song 5"]
        for _ in 0..<7 {
            try bench.send(.nextTrack)
            heard.append(try bench.nowPlaying().info.title ?? "")
        }
        #expect(Set(heard) == Set((0..<8).map { "Song \($0)" }))
    }

    /// A podcast episode paused part-way shows its progress and plays on from there the next
    /// time it is played; the player's session is in `spokenAudio` mode meanwhile.
    @Test func podcastsResumeWhereTheyWereLeft() throws {
        let music = try MusicDirectory()
        try music.add("Podcasts/Show/ep1.mp3", title: "Episode", artist: "Host", album: "Show", track: 1, seconds: 20)
        try music.add("Music/song.mp3", title: "Song", artist: "Band", album: "Record", track: 1, seconds: 4)
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", music.path])
        _ = try bench.client.scanLibrary()
        #expect(try bench.client.children([2, 0]).items.map(\.title) == ["Episode"])

        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [2, 0, 0]))
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().playbackState) == .playing })
        let player = try bench.client.call(Methods.SessionList.self, Empty()).first { $0.name == "rondo.player" }
        #expect(player?.mode == .spokenAudio)
        try bench.send(.changePlaybackPosition, positionTime: 12)
        Thread.sleep(forTimeInterval: 0.3)
        try bench.send(.pause)
        let progress = try #require(try bench.client.item([2, 0, 0]).playbackProgress)
        #expect(abs(progress - 12.3 / 20) < 0.05, "\(progress)")

        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [0, 2, 0]))
        #expect(try bench.nowPlaying().info.title == "Song")
        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [2, 0, 0]))
        let elapsed = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        #expect(abs(elapsed - 12.3) < 0.5, "\(elapsed)")
        #expect(try bench.client.children([0, 4]).items.map(\.title) == ["Episode", "Song"])
    }

    /// A book keeps its own rate (SPEC §11): set to 1.5 while it plays, the music after it
    /// plays at the rate it had before, the book played again is at 1.5, and a `kill -9`
    /// with the book current brings back both its place and its rate.
    @Test func aBookKeepsItsOwnRate() throws {
        let music = try MusicDirectory()
        try music.add("Podcasts/Show/ep1.mp3", title: "Episode", artist: "Host", album: "Show", track: 1, seconds: 20)
        try music.add("Music/song.mp3", title: "Song", artist: "Band", album: "Record", track: 1, seconds: 4)
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", music.path])
        _ = try bench.client.scanLibrary()
        let rate = { (params: RemoteSendParams) in try bench.client.call(Methods.RemoteSend.self, params).status }

        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [2, 0, 0]))
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().playbackState) == .playing })
        #expect(try rate(RemoteSendParams(command: .changePlaybackRate, playbackRate: 1.5)) == .success)
        try bench.send(.changePlaybackPosition, positionTime: 6)
        try bench.send(.pause)

        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [0, 2, 0]))
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().info.title == "Song" })
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().info.playbackRate == 1 }, "the music after the book")

        _ = try bench.client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [2, 0, 0]))
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().info.playbackRate == 1.5 }, "the book played again")
        let place = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        #expect(place > 5.5 && place < 8, "resumed at \(place) s")

        Thread.sleep(forTimeInterval: 1)
        bench.daemon.kill()
        let again = try DaemonProcess(pulseServer: bench.pulse.server, restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.NowPlayingGet.self).info.title == "Episode")
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        let restored = try client.call(Methods.NowPlayingGet.self).info
        #expect(restored.playbackRate == 1.5, "\(restored)")
        #expect((restored.elapsedPlaybackTime ?? 0) > place, "\(restored)")
    }
}
