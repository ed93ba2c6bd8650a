import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// Pauses and resumes that fade (`[playback] fade_ms`, 150 by default, SPEC §15), by what the
/// monitor hears: the sound falls over its last 150 ms and rises again over its first.
///
/// A cut steps from one sample to the next by up to the wave's whole height, 16 times the
/// tone's own largest step. The audio server applies a sink input's volume once per block
/// it mixes (about 10 ms on a null sink), so a fade moves in steps of a fifteenth of the
/// way, and a sample where the gain steps may move by the wave's own step plus that share
/// of its height: the fade is held to at most half as much again as the music's own
/// largest step (measured 1.1–1.4 times on PulseAudio and PipeWire).
@Suite(.serialized)
struct FadeByEarTests {
    /// The largest step from one sample to the next in `samples`.
    private func largestStep(_ samples: ArraySlice<Float>) -> Float {
        zip(samples, samples.dropFirst()).map { abs($1 - $0) }.max() ?? 0
    }

    /// The RMS level of `samples` in dB.
    private func level(_ samples: ArraySlice<Float>) -> Double { SignalAnalysis.level(Array(samples)) }

    @Test func aPauseFallsAndAResumeRises() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let rate = MonitorRecorder.sampleRate
        let ms = { (milliseconds: Double) in Int(milliseconds * rate / 1000) }

        // Samples as they arrived, over a span wide enough for a capture that lags on a busy
        // machine, once the pause has been silent for a while.
        let pausedAt = Date()
        try bench.send(.pause)
        #expect(bench.wait(upTo: 5) { SignalAnalysis.level(bench.monitor.listen(for: 0.3)) < silenceLevel })
        let paused = bench.monitor.samples(from: pausedAt.addingTimeInterval(-2), to: Date())
        let end = try #require(paused.lastIndex { abs($0) > 0.001 }, "nothing heard around the pause")
        try #require(end > ms(300), "the recording starts \(end) samples before the sound ends")
        let music = paused[(end - ms(300))..<(end - ms(200))]
        let fall = paused[(end - ms(200))...min(paused.count - 1, end + ms(20))]
        #expect(abs(level(music) - reference) < 1.5, "the music before the fade: \(level(music)) dB")
        #expect(largestStep(fall) <= largestStep(music) * 1.5, "the pause steps by \(largestStep(fall)), the music by \(largestStep(music))")
        let lastFifty = paused[(end - ms(50))...end]
        #expect(level(lastFifty) < reference - 6, "the last 50 ms before silence: \(level(lastFifty)) dB, the music \(reference) dB")

        let resumedAt = Date()
        try bench.send(.play)
        #expect(bench.wait(upTo: 5) { bench.heardLevel(of: 440, over: 0.2) > reference - 1.5 })
        Thread.sleep(forTimeInterval: 0.5)
        let resumed = bench.monitor.samples(from: resumedAt.addingTimeInterval(-0.5), to: Date())
        let start = try #require(resumed.firstIndex { abs($0) > 0.001 }, "nothing heard after the resume")
        try #require(resumed.count > start + ms(400), "\(resumed.count - start) samples heard after the resume")
        let rise = resumed[max(0, start - ms(20))..<(start + ms(200))]
        let after = resumed[(start + ms(250))..<(start + ms(350))]
        #expect(abs(level(after) - reference) < 1.5, "the music after the rise: \(level(after)) dB")
        #expect(largestStep(rise) <= largestStep(after) * 1.5, "the resume steps by \(largestStep(rise)), the music by \(largestStep(after))")
        let firstFifty = resumed[start..<(start + ms(50))]
        #expect(level(firstFifty) < reference - 6, "the first 50 ms: \(level(firstFifty)) dB, the music \(reference) dB")
    }
}
