import Audio
import Foundation
import Playback
import RondoTesting
import SinkMonitor
import Testing

/// CD-like scans checked by ear, driving the engine directly on a private PulseAudio server.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("scans heard through the server's stream timing"))
struct PlaybackEngineScanTests {
    /// A forward scan moves through the media at about 8× with sound, and ending it plays on
    /// at normal speed from where the scan got to.
    @Test func forwardScanMovesAtEightTimes() throws {
        let bench = try EngineBench()
        try bench.play("steps.mp3")
        #expect(bench.monitor.waitUntilHeard(300, above: -20))
        let start = Date()
        let from = try #require(bench.engine.position?.seconds)
        bench.engine.scan(.forward)
        #expect(bench.engine.scanDirection == .forward)
        let during = bench.monitor.listen(for: 0.5)
        let elapsed = Date().timeIntervalSince(start)
        let position = try #require(bench.engine.position?.seconds)
        #expect(abs(position - from - 8 * elapsed) < 1.2, "moved \(position - from) s in \(elapsed) s")
        #expect(SignalAnalysis.level(during) > -20, "the scan is heard")
        bench.engine.endScan()
        #expect(bench.engine.scanDirection == nil)
        let resumed = try #require(bench.engine.position?.seconds)
        Thread.sleep(forTimeInterval: 0.1)
        let expected = 300 + 100 * (resumed + 0.15).rounded(.down)
        #expect(abs(bench.heardFrequency(over: 0.2) - expected) <= 100)
    }

    /// A backward scan moves back at about 8× and holds, silent, at the start.
    @Test func backwardScanStopsAtTheStart() throws {
        let bench = try EngineBench()
        try bench.play("steps.mp3", from: 6)
        #expect(bench.monitor.waitUntilHeard(900, above: -20))
        let from = try #require(bench.engine.position?.seconds)
        let start = Date()
        bench.engine.scan(.backward)
        Thread.sleep(forTimeInterval: 0.3)
        let position = try #require(bench.engine.position?.seconds)
        let elapsed = Date().timeIntervalSince(start)
        #expect(abs(from - position - 8 * elapsed) < 1.2, "moved back \(from - position) s in \(elapsed) s")
        let deadline = Date().addingTimeInterval(3)
        while (bench.engine.position?.seconds ?? 1) >= 0.2, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        _ = bench.monitor.waitUntilHeard(within: 2) { SignalAnalysis.level($0) < -60 }
        #expect(try #require(bench.engine.position?.seconds) < 0.2)
        #expect(SignalAnalysis.level(bench.monitor.listen(for: 0.2)) < -60)
        bench.engine.endScan()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(bench.heardFrequency(over: 0.2) == 300)
    }
}
