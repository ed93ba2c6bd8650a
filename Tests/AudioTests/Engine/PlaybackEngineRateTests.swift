import Audio
import Foundation
import RondoTesting
import SinkMonitor
import Testing

/// Playback rates checked by ear, driving the engine directly on a private PulseAudio server.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("rates heard through the server's stream timing"))
struct PlaybackEngineRateTests {
    /// A 440 Hz tone is heard at 440 Hz (within 3 %) at every supported rate: pitch is kept.
    @Test(arguments: [0.5, 1.5, 2.0])
    func pitchIsKeptAtRate(rate: Double) throws {
        let bench = try EngineBench()
        bench.engine.setRate(rate)
        try bench.play("tone440.mp3")
        _ = bench.monitor.waitUntilHeard(440, above: -15)
        let heard = bench.monitor.listen(for: 0.5)
        #expect(abs(SignalAnalysis.dominantFrequency(heard) - 440) <= 440 * 0.03)
        #expect(SignalAnalysis.level(heard, at: 440) > -15)
        #expect(bench.engine.rate == rate)
    }

    /// Out-of-range rates are clamped into the supported range.
    @Test func ratesAreClamped() throws {
        let bench = try EngineBench()
        bench.engine.setRate(5)
        #expect(bench.engine.rate == 2)
        bench.engine.setRate(0.1)
        #expect(bench.engine.rate == 0.5)
    }

    /// Steps played at 2× advance two media seconds per second of wall time, as the engine
    /// reports them, and the listener hears the step of the reported position. (Measured
    /// from once sound runs: how long a stream takes to start is not the rate.)
    @Test func mediaAdvancesAtTheRate() throws {
        let bench = try EngineBench()
        bench.engine.setRate(2)
        try bench.play("steps.mp3")
        #expect(bench.monitor.waitUntilHeard(above: -30))
        // Half a second of sound at 2× first, a second of media, so that the position after
        // the 1.5 s measured is about 4 s whenever the sound began.
        let deadline = Date().addingTimeInterval(3)
        while (bench.engine.position?.seconds ?? 0) < 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let first = try #require(bench.engine.position?.seconds)
        let firstTime = Date()
        Thread.sleep(forTimeInterval: 1.5)
        let last = try #require(bench.engine.position?.seconds)
        let rate = (last - first) / Date().timeIntervalSince(firstTime)
        #expect(abs(rate - 2) < 0.1, "media went from \(first) to \(last) s: \(rate)× of wall time")
        #expect(last > 3 && last < 5, "position \(last) s after about 2 s at 2×")
        let heard = bench.heardFrequency(over: 0.2)
        #expect(abs(heard - (300 + 100 * (last + 0.2).rounded(.down))) <= 100, "heard \(heard) Hz at \(last) s")
    }

    /// A 6 s track at 2× ends, as the engine reports, after 3 s (±0.3 s).
    @Test func trackAtDoubleRateEndsInHalfTheTime() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-rate")
        defer { directory.remove() }
        let wav = directory.appending("tone6.wav")
        let mp3 = directory.appending("tone6.mp3")
        #expect(Subprocess.run(["/usr/bin/sox", "-n", "-r", "44100", "-c", "2", wav, "synth", "6", "sine", "440", "vol", "0.5"]) == 0)
        #expect(Subprocess.run(["/usr/bin/lame", "--quiet", "-b", "128", wav, mp3]) == 0)
        let bench = try EngineBench()
        bench.engine.setRate(2)
        let start = Date()
        try bench.play(mp3)
        let end = try #require(bench.endTime(waitingUpTo: 6))
        let elapsed = end.timeIntervalSince(start)
        #expect(abs(elapsed - 3) <= 0.3, "ended after \(elapsed) s")
    }

    /// A rate change is heard at once: after slowing steps to 0.5× the next step is heard
    /// when the media position at the change says it should, not after the old-rate audio
    /// already queued has played out.
    @Test func rateChangeIsHeardPromptly() throws {
        let bench = try EngineBench()
        try bench.play("steps.mp3", from: 0.6)
        Thread.sleep(forTimeInterval: 0.15)
        // Calibrate: when the engine says step 1 (400 Hz) starts versus when the monitor hears it.
        let calibration = Date()
        let before = try #require(bench.engine.position?.seconds)
        Thread.sleep(forTimeInterval: 0.6)
        let heardFirst = try #require(bench.firstHeard(400, over: 300, after: calibration, until: Date()))
        let lag = heardFirst.timeIntervalSince(calibration) - (1 - before)

        Thread.sleep(forTimeInterval: 0.1)
        let change = Date()
        let atChange = try #require(bench.engine.position?.seconds)
        bench.engine.setRate(0.5)
        let predicted = (2 - atChange) / 0.5 + lag
        Thread.sleep(forTimeInterval: predicted + 0.4)
        let heardNext = try #require(bench.firstHeard(500, over: 400, after: change, until: Date()))
        let early = predicted - heardNext.timeIntervalSince(change)
        // Every 0.1 s that old 1× audio kept playing would bring the step 0.1 s earlier.
        #expect(early < 0.1, "old-rate audio played on for \(early) s (lag \(lag) s)")
        #expect(early > -0.05, "next step heard \(-early) s late (lag \(lag) s)")
    }

    /// At 1× and at 1.5× a track follows the previous one without a gap, and the engine
    /// reports the advance.
    @Test(arguments: [1.0, 1.5])
    func gaplessAtRate(rate: Double) throws {
        let bench = try EngineBench()
        bench.engine.setRate(rate)
        let start = Date()
        try bench.play("short-a.mp3")
        bench.engine.prepareNext(try OpenedTrack.open(TrackSource(id: 2, path: Fixtures.path("short-b.mp3"))))
        #expect(bench.advanceTime(to: 2, waitingUpTo: 3) != nil)
        _ = bench.monitor.waitUntilHeard(700, above: -12)
        let windows = bench.monitor.windows(from: start.addingTimeInterval(0.3), to: Date(), window: 0.02)
        #expect(windows.contains { SignalAnalysis.level($0.samples, at: 500) > -12 })
        #expect(windows.contains { SignalAnalysis.level($0.samples, at: 700) > -12 })
        let silent = windows.filter { SignalAnalysis.level($0.samples) < -40 }
        #expect(silent.isEmpty, "\(silent.count) silent 20 ms windows between the tracks")
    }
}
