import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Spawning
import Testing

/// The arbiter's rules hold for what comes over the network as for files (SPEC §7, §10): a
/// navigation prompt ducks a station by the same 10.5 dB, a call pauses it and its end
/// rejoins the live edge, and an episode played from a web server is spoken audio, paused
/// by a prompt and resumed where it was.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("a station's duck and pause heard at the server's monitor"))
struct StreamFocusTests {
    /// The player's session as `session.list` shows it.
    private func playerSession(_ bench: AudioTestBench) throws -> SessionInfo? {
        try bench.client.call(Methods.SessionList.self).first { $0.session == "rondo.player" }
    }

    /// Starts `rondo session exec` playing the prompt fixture as SPEC §7's voice prompt.
    private func startPrompt(_ bench: AudioTestBench) throws -> ChildProcess {
        try ChildProcess(
            [BuiltProducts.rondo] + AudioSessionByEarTests.promptExec + [Fixtures.path("prompt1000.wav")],
            environment: ["RONDO_SOCKET": bench.daemon.socketPath, "PULSE_SERVER": bench.pulse.server])
    }

    @Test func aPromptDucksAStationByTheSameLevel() throws {
        let radio = try RadioRig(song: "Rondo Fixtures - Ducked")
        let bench = try AudioTestBench()
        try bench.play(radio.url())
        try #require(bench.waitToHear(440, upTo: 8), "\(bench.diagnosis())")
        let reference = bench.steadyLevel(of: 440, near: ToneStation.level)

        let prompt = try startPrompt(bench)
        #expect(bench.wait(upTo: 3) { bench.heardLevel(of: 1000, over: 0.05) > fixtureToneLevel - 6 })
        bench.waitUntilHeard(440, near: reference + AudioSessionByEarTests.duckDecibels)
        let ducked = SignalAnalysis.level(bench.monitor.listen(for: 0.4), at: 440)
        #expect(
            abs(ducked - reference - AudioSessionByEarTests.duckDecibels) < 1.5,
            "the station at \(ducked) dBFS under the prompt, \(reference) dBFS before")
        #expect(try playerSession(bench)?.state == .ducked)
        #expect(try bench.nowPlaying().playbackState == .playing)

        #expect(prompt.wait() == 0)
        #expect(bench.wait(upTo: 2) { abs(bench.heardLevel(of: 440, over: 0.3) - reference) < 1 }, "after the prompt")
    }

    /// During a call the station is paused and silent; when the call ends it plays again by
    /// itself, from the live edge: the song that started during the call, not what was
    /// buffered before it.
    @Test func aCallPausesAStationAndItsEndRejoinsTheLiveEdge() throws {
        // A burst of 1 s at 128 kbit/s, so that the live edge is soon past the old song.
        let radio = try RadioRig(song: "Rondo Fixtures - Before", burstSize: 16_000)
        let bench = try AudioTestBench()
        try bench.play(radio.url())
        try #require(bench.waitToHear(440, upTo: 8), "\(bench.diagnosis())")

        let call = try bench.daemon.client()
        let callSession = try call.call(
            Methods.SessionOpen.self, SessionOpenParams(name: "call", category: .playAndRecord, mode: .voiceChat))
        _ = try call.call(Methods.SessionActivate.self, callSession)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .interrupted })
        bench.waitUntilSilent(at: 440)
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel, "the station sounds during the call")

        try radio.station.changeSong(to: "Rondo Fixtures - After", frequency: 660)
        Thread.sleep(forTimeInterval: Double(radio.icecast.burstSize) / 16_000 + 1.5)
        let ended = Date()
        _ = try call.call(Methods.SessionDeactivate.self, SessionDeactivateParams(session: callSession.session, notifyOthers: true))
        #expect(bench.waitToHear(660, upTo: 8), "the live song was not heard after the call: \(bench.diagnosis())")
        #expect(bench.firstHeard(440, from: ended, to: Date()) == nil, "what was buffered before the call played on")
        #expect(try bench.nowPlaying().playbackState == .playing)
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlayingReply()["info"]?["streamTitle"]?.text) == "Rondo Fixtures - After" })
    }

    /// An episode from a web server shows its tags (read by ranges while it plays), and its
    /// genre Speech makes the player's session spoken audio: a prompt pauses it, and it
    /// resumes by itself where it was held.
    @Test func anEpisodeOverHTTPIsSpokenAudio() throws {
        let files = try TestHTTPServer(serving: Fixtures.directory)
        let bench = try AudioTestBench()
        try bench.play(files.url("speech440.mp3"))
        #expect(bench.waitToHear(440, upTo: 8), "\(bench.diagnosis())")
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().info.title == "Spoken 440" })
        #expect(try bench.nowPlaying().info.artist == "Rondo Fixtures")
        #expect(try bench.nowPlaying().info.genre == "Speech")
        #expect(try playerSession(bench)?.mode == .spokenAudio)

        let prompt = try startPrompt(bench)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .interrupted })
        let heldAt = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        bench.waitUntilSilent(at: 440)
        let during = bench.monitor.listen(for: 0.4)
        #expect(SignalAnalysis.level(during, at: 440) < silenceLevel)
        #expect(SignalAnalysis.level(during, at: 1000) > fixtureToneLevel - 3)

        #expect(prompt.wait() == 0)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .playing })
        let elapsed = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        #expect(abs(elapsed - heldAt) < 0.5, "held at \(heldAt) s, resumed at \(elapsed) s")
        #expect(bench.waitToHear(440, upTo: 2))
    }
}
