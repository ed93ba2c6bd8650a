import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// Live radio through the real daemon, heard at a private PulseAudio sink (SPEC §10): a
/// station on a private Icecast server plays a tone per song; the daemon plays it as a
/// live stream, shows each song as it is heard, disables seeking, and rejoins the live
/// edge after a pause.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("a song's title is shown when the server plays it"))
struct StreamPlaybackTests {
    /// A station is heard at its tone's level as a live stream: `isLiveStream` true, no
    /// duration, the station's name as album, its song split on the first ` - ` into artist
    /// and title, the seeking commands disabled and refused as `disabled`; a file played
    /// after it has them enabled again.
    @Test(arguments: ToneStation.Format.allCases)
    func stationPlaysLiveWithSeekingDisabled(format: ToneStation.Format) throws {
        let song = "Rondo Fixtures - Tone 440 - Live"
        let radio = try RadioRig(song: song, formats: [format])
        let bench = try AudioTestBench()
        let joined = Date()
        try bench.play(radio.url(format))
        let level = bench.steadyLevel(of: 440, near: ToneStation.level, upTo: 8)
        #expect(abs(level - ToneStation.level) < 1.5, "heard at \(level) dBFS")

        let reply = try bench.nowPlayingReply()
        let info = try #require(reply["info"])
        #expect(reply["playbackState"]?.text == "playing")
        #expect(info["isLiveStream"]?.flag == true)
        #expect(info["playbackDuration"] == nil)
        #expect(info["albumTitle"]?.text == RadioRig.stationName, "\(reply)\n\(bench.diagnosis())")
        let elapsed = try #require(info["elapsedPlaybackTime"]?.numeric)
        #expect(elapsed >= 0 && elapsed <= Date().timeIntervalSince(joined), "elapsed \(elapsed) s, joined \(Date().timeIntervalSince(joined)) s ago")
        if format == .mp3 {
            #expect(bench.wait(upTo: 8) { (try? bench.nowPlayingReply()["info"]?["streamTitle"]?.text) == song })
            let titled = try #require(try bench.nowPlayingReply()["info"])
            #expect(titled["artist"]?.text == "Rondo Fixtures")
            #expect(titled["title"]?.text == "Tone 440 - Live")
        }

        let enabled = try bench.enabledCommands()
        for command in AudioTestBench.seekingCommands {
            #expect(enabled[command] == false, "\(command) is enabled on a live stream")
            let result = try bench.sendSeeking(command)
            #expect(result.status == .commandFailed && result.reason == .disabled, "\(command) answered \(result)")
        }
        #expect(bench.steadyLevel(of: 440, near: ToneStation.level) > ToneStation.level - 1.5, "a refused command changed what is heard")

        _ = try bench.client.call(Methods.QueueAppend.self, QueueItemsParams(items: [Fixtures.path("tone660-mono48k.mp3")]))
        #expect(try bench.send(.nextTrack) == .success)
        #expect(bench.wait(upTo: 3) { bench.heardFrequency(over: 0.2) == 660 })
        #expect(try bench.nowPlayingReply()["info"]?["isLiveStream"]?.flag == false)
        let enabledAfter = try bench.enabledCommands()
        #expect(AudioTestBench.seekingCommands.allSatisfy { enabledAfter[$0] == true }, "\(enabledAfter)")
    }

    /// A song changed at the station shows in `nowPlaying.get` (and in a
    /// `nowPlaying.changed`) within 1 s of its tone being heard, neither later nor earlier:
    /// the title follows what is heard, not what was read ahead. Two songs 1.5 s apart are
    /// both shown, each with its own tone.
    @Test func titleChangesWithTheSongHeard() throws {
        let radio = try RadioRig(song: "Rondo Fixtures - First")
        let bench = try AudioTestBench()
        let events = try bench.daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.nowPlaying]))
        try bench.play(radio.url())
        #expect(bench.waitToHear(440, upTo: 8))
        try #require(bench.wait(upTo: 8) { (try? bench.nowPlayingReply()["info"]?["streamTitle"]?.text) == "Rondo Fixtures - First" })

        let songs: [(title: String, frequency: Double)] = [("Rondo Fixtures - Second", 660), ("Rondo Fixtures - Third", 880)]
        let changed = try radio.station.changeSong(to: songs[0].title, frequency: songs[0].frequency)
        var shown: [String: Date] = [:]
        var sentSecond = false
        while Date() < changed.addingTimeInterval(14), songs.contains(where: { shown[$0.title] == nil }) {
            if !sentSecond, Date() >= changed.addingTimeInterval(1.5) {
                try radio.station.changeSong(to: songs[1].title, frequency: songs[1].frequency)
                sentSecond = true
            }
            if let title = try bench.nowPlayingReply()["info"]?["streamTitle"]?.text, shown[title] == nil { shown[title] = Date() }
            Thread.sleep(forTimeInterval: 0.025)
        }
        #expect(bench.waitToHear(880, upTo: 8))

        for song in songs {
            let heard = bench.firstHeard(song.frequency, from: changed, to: Date())
            let since = { (time: Date?) in time.map { String(format: "%.2f s", $0.timeIntervalSince(changed)) } ?? "never" }
            guard let heard, let shownAt = shown[song.title] else {
                Issue.record("\(song.title): heard \(since(heard)), shown \(since(shown[song.title])) after the first change")
                continue
            }
            #expect(
                abs(shownAt.timeIntervalSince(heard)) < 1,
                "\(song.title): heard \(since(heard)), shown \(since(shownAt)) after the first change")
        }
        let info = try #require(try bench.nowPlayingReply()["info"])
        #expect(info["artist"]?.text == "Rondo Fixtures")
        #expect(info["title"]?.text == "Third")
        var published: [String] = []
        while let event = try events.nextEvent(timeout: 0.1) {
            if let title = event.params["info"]?["streamTitle"]?.text, published.last != title { published.append(title) }
        }
        #expect(published.suffix(2) == songs.map(\.title)[...], "published \(published)")
    }

    /// A station paused and played again rejoins the live edge: what the station sent
    /// while it was paused is not played, the song live now is heard and shown.
    @Test func pausedStationRejoinsTheLiveEdge() throws {
        // A burst of 1 s at 128 kbit/s, so that the live edge is soon past the old song.
        let radio = try RadioRig(song: "Rondo Fixtures - Before", burstSize: 16_000)
        let bench = try AudioTestBench()
        try bench.play(radio.url())
        try #require(bench.waitToHear(440, upTo: 8))
        #expect(try bench.send(.pause) == .success)
        try radio.station.changeSong(to: "Rondo Fixtures - After", frequency: 660)
        // Longer than the server's burst (at 128 kbit/s): a listener joining now hears only the new song.
        Thread.sleep(forTimeInterval: Double(radio.icecast.burstSize) / 16_000 + 1.5)
        let resumed = Date()
        #expect(try bench.send(.play) == .success)
        let heard = bench.waitToHear(660, upTo: 8)
        #expect(heard, "the live song was not heard after play: \(bench.diagnosis())")
        #expect(bench.firstHeard(440, from: resumed, to: Date()) == nil, "what was buffered before the pause played on")
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlayingReply()["info"]?["streamTitle"]?.text) == "Rondo Fixtures - After" })
    }

    /// `rondo queue add URL` queues a remote file without playing it; `rondo play URL`
    /// appends a station and plays it.
    @Test func cliQueuesAndPlaysURLs() throws {
        let radio = try RadioRig(song: "Rondo Fixtures - Command Line")
        let files = try TestHTTPServer(serving: Fixtures.directory)
        let bench = try AudioTestBench()
        let rondo = { (arguments: [String]) in
            Subprocess.capture([BuiltProducts.rondo] + arguments, environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        }
        let add = rondo(["queue", "add", files.url("steps.mp3")])
        #expect(add.status == 0, "rondo queue add: \(add.stderr)")
        #expect(try bench.nowPlaying().playbackState != .playing)
        let play = rondo(["play", radio.url()])
        #expect(play.status == 0, "rondo play: \(play.stderr)")
        let queue = try bench.client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(queue.items.map(\.assetURL) == [files.url("steps.mp3"), radio.url()])
        #expect(queue.index == 1)
        #expect(bench.waitToHear(440, upTo: 8))
        #expect(try bench.nowPlayingReply()["info"]?["isLiveStream"]?.flag == true)
    }
}
