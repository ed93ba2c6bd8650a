import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// Playback checked at the sink's monitor: what a listener hears.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("what is heard and when: the server's stream start, latency and corking"))
struct PlaybackByEarTests {
    /// Playing a 440 Hz tone is heard as 440 Hz at the tone's own level.
    @Test func playIsHeardAtItsFrequencyAndLevel() throws {
        let bench = try AudioTestBench()
        try bench.queue("tone440.mp3")
        #expect(bench.heardLevel(of: 440, over: 0.2) < silenceLevel)
        #expect(try bench.send(.play) == .success)
        bench.waitUntilHeard(440, near: fixtureToneLevel)
        let heard = bench.monitor.listen(for: 0.3)
        #expect(SignalAnalysis.dominantFrequency(heard) == 440)
        #expect(abs(SignalAnalysis.level(heard, at: 440) - fixtureToneLevel) < 1.5)
    }

    /// Pausing silences the monitor within 0.4 s, and the now-playing info then says
    /// paused, carries the ID3 title and duration, and an elapsed time matching what was heard.
    @Test func pauseSilencesAndElapsedMatchesWhatWasHeard() throws {
        let bench = try AudioTestBench()
        try bench.queue("tone440.mp3")
        let start = Date()
        try bench.send(.play)
        Thread.sleep(forTimeInterval: 1.5)
        try bench.send(.pause)
        let paused = Date()
        // 0.4 s for the pause to be heard, then 0.2 s of what follows it.
        Thread.sleep(forTimeInterval: 0.6)

        let afterPause = bench.monitor.samples(from: paused.addingTimeInterval(0.4), to: Date())
        #expect(!afterPause.isEmpty)
        #expect(SignalAnalysis.level(afterPause) < silenceLevel)

        let windows = bench.monitor.windows(from: start, to: Date(), window: 0.02)
        let audible = windows.filter { SignalAnalysis.level($0.samples, at: 440) > fixtureToneLevel - 6 }
        let heardSeconds = Double(audible.count) * 0.02

        let state = try bench.nowPlaying()
        #expect(state.playbackState == .paused)
        #expect(state.info.title == "Tone 440")
        #expect(state.info.artist == "Rondo Fixtures")
        #expect(state.info.albumTrackNumber == 1)
        #expect(abs((state.info.playbackDuration ?? 0) - 5.0) < 0.05)
        #expect(state.info.playbackRate == 0)
        let elapsed = try #require(state.info.elapsedPlaybackTime)
        #expect(abs(elapsed - heardSeconds) < 0.25, "elapsed \(elapsed) s, heard \(heardSeconds) s")
    }

    /// Resuming after a pause continues the tone where it stopped.
    @Test func resumeContinues() throws {
        let bench = try AudioTestBench()
        try bench.queue("steps.mp3")
        try bench.send(.play)
        #expect(bench.waitUntilHeard(300, near: fixtureToneLevel))
        try bench.send(.pause)
        // Paused for long enough that a position running on while paused would reach 400 Hz.
        Thread.sleep(forTimeInterval: 0.5)
        try bench.send(.play)
        #expect(bench.heardFrequency(over: 0.2) == 300)
        let state = try bench.nowPlaying()
        #expect(state.playbackState == .playing)
        #expect(state.info.playbackRate == 1)
    }

    /// `queue play 1`, `play`, `seek 7` on the steps file is heard as 1000 Hz.
    @Test func seekIsHeardAtTheNewPosition() throws {
        let bench = try AudioTestBench()
        try bench.queue("tone440.mp3", "steps.mp3")
        _ = try bench.client.call(Methods.QueuePlayIndex.self, QueueIndexParams(index: 1))
        try bench.send(.play)
        #expect(try bench.send(.changePlaybackPosition, positionTime: 7) == .success)
        let seekedAt = Date().timeIntervalSince1970
        bench.waitUntilHeard(1000, near: fixtureToneLevel)
        #expect(bench.heardFrequency(over: 0.4) == 1000)
        let state = try bench.nowPlaying()
        #expect(state.info.playbackQueueIndex == 1)
        // Elapsed is exact as of its timestamp: 7 s plus the time played since the seek,
        // however long a busy machine took to get here.
        let sinceSeek = (state.info.timestamp ?? seekedAt) - seekedAt
        #expect(abs((state.info.elapsedPlaybackTime ?? 0) - (7 + sinceSeek)) < 0.3)
    }

    /// Relative seeks move from the heard position, and previous restarts after 3 s.
    ///
    /// The backward skip is made while paused, by the distance from the paused position to
    /// 3.2 s: a loaded machine that stalls the test for half a second between commands then
    /// still hears second 3 (600 Hz), where a fixed distance from a moving position once
    /// landed in second 4.
    @Test func relativeSeekAndPreviousRestart() throws {
        let bench = try AudioTestBench()
        try bench.queue("steps.mp3")
        try bench.send(.play)
        try bench.send(.skipForward, interval: 5)
        bench.waitUntilHeard(800, near: fixtureToneLevel)
        #expect(bench.heardFrequency(over: 0.3) == 800)
        try bench.send(.pause)
        let paused = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        try bench.send(.skipBackward, interval: paused - 3.2)
        #expect(abs((try bench.nowPlaying().info.elapsedPlaybackTime ?? 0) - 3.2) < 0.01)
        try bench.send(.play)
        bench.waitUntilHeard(600, near: fixtureToneLevel)
        #expect(bench.heardFrequency(over: 0.3) == 600)
        #expect(try bench.send(.previousTrack) == .success)
        bench.waitUntilHeard(300, near: fixtureToneLevel)
        #expect(bench.heardFrequency(over: 0.3) == 300)
    }

    /// When a track ends the next one follows without a gap, and the now-playing info
    /// moves to it.
    @Test func trackEndAdvancesWithoutAGap() throws {
        let bench = try AudioTestBench()
        try bench.queue("short-a.mp3", "short-b.mp3")
        let start = Date()
        try bench.send(.play)
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().info.playbackQueueIndex) == 1 })
        bench.waitUntilHeard(700, near: fixtureToneLevel)
        let windows = bench.monitor.windows(from: start.addingTimeInterval(0.3), to: Date(), window: 0.02)
        #expect(windows.contains { SignalAnalysis.level($0.samples, at: 500) > fixtureToneLevel - 3 })
        #expect(windows.contains { SignalAnalysis.level($0.samples, at: 700) > fixtureToneLevel - 3 })
        let silent = windows.filter { SignalAnalysis.level($0.samples) < -40 }
        #expect(silent.isEmpty, "\(silent.count) silent 20 ms windows between the tracks")
        #expect(try bench.nowPlaying().info.title == "Short B")
    }

    /// A track in another format (48 kHz mono after 44.1 kHz stereo) still follows.
    @Test func formatChangeOpensANewStream() throws {
        let bench = try AudioTestBench()
        try bench.queue("short-a.mp3", "tone660-mono48k.mp3")
        try bench.send(.play)
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().info.playbackQueueIndex) == 1 })
        bench.waitUntilHeard(660, near: fixtureToneLevel)
        #expect(bench.heardFrequency(over: 0.3) == 660)
    }

    /// At the end of the queue playback stops and nothing is current.
    @Test func endOfQueueStops() throws {
        let bench = try AudioTestBench()
        try bench.queue("short-a.mp3")
        let events = try bench.daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.nowPlaying]))
        try bench.send(.play)
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().playbackState) == .stopped })
        #expect(try bench.nowPlaying().info.playbackQueueIndex == nil)
        // PipeWire reports the stream drained as its graph takes the last samples, which the
        // monitor then delivers a little later.
        #expect(bench.wait(upTo: 1) { bench.heardLevel(of: 500, over: 0.2) < silenceLevel }, "the track sounds on after the stop")
        #expect(bench.heardLevel(of: 500, over: 0.3) < silenceLevel, "sound came back after the stop")
        var states: [String] = []
        while let event = try events.nextEvent(timeout: 0.2) {
            if case .string(let state)? = event.params["playbackState"] { states.append(state) }
        }
        #expect(states.first == "playing")
        #expect(states.last == "stopped")
    }

    /// A file that cannot be decoded is skipped and the next one plays.
    @Test func undecodableFileIsSkipped() throws {
        let bench = try AudioTestBench()
        try bench.queue("text.mp3", "empty.mp3", "tone440.mp3")
        #expect(try bench.send(.play) == .success)
        bench.waitUntilHeard(440, near: fixtureToneLevel)
        #expect(bench.heardFrequency(over: 0.3) == 440)
        #expect(try bench.nowPlaying().info.playbackQueueIndex == 2)
    }

    /// Over steady playback the daemon publishes nothing, yet the extrapolated elapsed
    /// time stays with the audio.
    @Test func steadyPlaybackPublishesNothing() throws {
        let bench = try AudioTestBench()
        try bench.queue("steps.mp3")
        let events = try bench.daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.nowPlaying, .queue]))
        try bench.send(.play)
        while try events.nextEvent(timeout: 0.3) != nil {}
        let state = try bench.nowPlaying()
        #expect(try events.nextEvent(timeout: 2) == nil)
        let info = state.info
        let extrapolated = (info.elapsedPlaybackTime ?? 0) + (Date().timeIntervalSince1970 - (info.timestamp ?? 0))
        let heard = SignalAnalysis.dominantFrequency(bench.monitor.listen(for: 0.1))
        #expect(abs(heard - (300 + 100 * (extrapolated + 0.05).rounded(.down))) <= 100)
    }
}
