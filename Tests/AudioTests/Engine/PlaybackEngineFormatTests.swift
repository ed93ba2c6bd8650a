import Audio
import Foundation
import RondoTesting
import SinkMonitor
import Testing

/// FLAC, Vorbis and Opus through the engine, checked by ear on a private PulseAudio server.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("each format's rate and channels are a stream the server converts"))
struct PlaybackEngineFormatTests {
    /// At rate 2.0 each format's 440 Hz tone is still heard at 440 Hz (within 3 %): the
    /// time-stretcher keeps the pitch whatever decoder feeds it.
    @Test(arguments: ["flac", "ogg", "opus"])
    func pitchIsKeptAtDoubleRate(fileExtension: String) throws {
        let bench = try EngineBench()
        bench.engine.setRate(2)
        try bench.play("tone440.\(fileExtension)")
        _ = bench.monitor.waitUntilHeard(440, above: -15)
        let heard = bench.monitor.listen(for: 0.5)
        let frequency = SignalAnalysis.dominantFrequency(heard)
        #expect(abs(frequency - 440) <= 440 * 0.03, "heard \(frequency) Hz")
        #expect(SignalAnalysis.level(heard, at: 440) > -15)
    }

    /// Two FLAC tracks of one format join without a gap or a click: no silent 20 ms window,
    /// and no step between neighbouring samples larger than the tones themselves make (the
    /// 500 Hz tone ends, and the 700 Hz one starts, at a zero crossing).
    @Test func flacTracksJoinWithoutGapOrClick() throws {
        let bench = try EngineBench()
        let start = Date()
        try bench.play("short-a.flac")
        bench.engine.prepareNext(try OpenedTrack.open(TrackSource(id: 2, path: Fixtures.path("short-b.flac"))))
        let advanced = try #require(bench.advanceTime(to: 2, waitingUpTo: 3))
        Thread.sleep(forTimeInterval: 0.4)
        let windows = bench.monitor.windows(from: start.addingTimeInterval(0.3), to: Date(), window: 0.02)
        #expect(windows.contains { SignalAnalysis.level($0.samples, at: 500) > -12 })
        #expect(windows.contains { SignalAnalysis.level($0.samples, at: 700) > -12 })
        let silent = windows.filter { SignalAnalysis.level($0.samples) < -40 }
        #expect(silent.isEmpty, "\(silent.count) silent 20 ms windows between the tracks")
        let around = bench.monitor.samples(from: advanced.addingTimeInterval(-0.5), to: advanced.addingTimeInterval(0.3))
        #expect(around.count > 20_000)
        // A 700 Hz half-scale sine moves at most 0.5 · 2π · 700 / 44100 ≈ 0.05 between samples.
        let largestStep = zip(around, around.dropFirst()).reduce(Float(0)) { max($0, abs($1.1 - $1.0)) }
        #expect(largestStep < 0.1, "a step of \(largestStep) between neighbouring samples")
    }
}
