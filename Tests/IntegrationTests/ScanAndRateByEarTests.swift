import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// Continuous scans and steady playback at a rate, through the daemon, checked at the monitor.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("scans and rates heard through the server's stream timing"))
struct ScanAndRateByEarTests {
    /// Holding `seekForward` moves media time at 8×: after 0.5 s of scanning from the steps
    /// file's first moments it is near second 4, and playing on is heard there.
    @Test func seekForwardScansAtEightTimes() throws {
        let bench = try AudioTestBench()
        try bench.queue("steps.mp3")
        try bench.send(.play)
        #expect(bench.waitUntilHeard(300, near: fixtureToneLevel))
        _ = try bench.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .seekForward, type: .begin))
        #expect(try bench.nowPlaying().info.playbackRate == 8)
        Thread.sleep(forTimeInterval: 0.5)
        _ = try bench.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .seekForward, type: .end))
        let info = try bench.nowPlaying().info
        #expect(info.playbackRate == 1)
        let elapsed = try #require(info.elapsedPlaybackTime)
        #expect((3.3...5.5).contains(elapsed), "after the scan: \(elapsed) s")
        Thread.sleep(forTimeInterval: 0.15)
        let heard = bench.heardFrequency(over: 0.2)
        let second = (try #require(try bench.nowPlaying().info.elapsedPlaybackTime) - 0.2).rounded(.down)
        #expect(abs(heard - (300 + 100 * second)) <= 100, "heard \(heard) Hz near second \(second)")
    }

    /// Over 10 s of steady playback at rate 1.5 the daemon publishes no now-playing change,
    /// yet the first dictionary, extrapolated at its rate, stays within 50 ms × rate of
    /// where the output is.
    @Test func steadyPlaybackAtRateNeedsNoUpdates() throws {
        let bench = try AudioTestBench()
        try bench.queue("long440.mp3")
        _ = try bench.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changePlaybackRate, playbackRate: 1.5))
        let events = try bench.daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.nowPlaying]))
        try bench.send(.play)
        while try events.nextEvent(timeout: 0.5) != nil {}
        let start = try bench.nowPlaying().info
        #expect(try events.nextEvent(timeout: 10) == nil)
        let end = try bench.nowPlaying().info
        let startElapsed = try #require(start.elapsedPlaybackTime)
        let extrapolated = startElapsed + (try #require(end.timestamp) - start.timestamp!) * 1.5
        let truth = try #require(end.elapsedPlaybackTime)
        #expect(abs(extrapolated - truth) <= 0.05 * 1.5, "extrapolated \(extrapolated) s, output at \(truth) s")
        #expect(truth - startElapsed > 14)
    }
}
