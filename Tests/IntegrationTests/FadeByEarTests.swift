import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// Pauses, resumes, skips and interruptions that fade (`[playback] fade_ms`, 150 by default,
/// SPEC §15), by what the monitor hears: the sound falls over its last 150 ms and rises again
/// over its first.
///
/// A cut steps from one sample to the next by up to the wave's whole height, 16 times the
/// tone's own largest step. The audio server applies a sink input's volume once per block
/// it mixes (about 10 ms on a null sink, longer when the machine is busy), so a fade moves
/// in steps, and a sample where the gain steps may move by the wave's own step plus that
/// step's share of the wave's peak: the fade is held to the music's own largest step plus
/// a fifth of its peak, a block of 30 ms in a fade of 150 (measured: the music's step plus
/// 0.5–4 % of the peak, the 4 % on a busy machine). A cut where the wave is near zero steps
/// little; the level of the last 50 ms catches it.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("a fade's shape, sample by sample, through the server's stream"))
struct FadeByEarTests {
    /// The largest step from one sample to the next in `samples`.
    private func largestStep(_ samples: ArraySlice<Float>) -> Float {
        zip(samples, samples.dropFirst()).map { abs($1 - $0) }.max() ?? 0
    }

    /// The largest step a fade of `music` may take: the music's own largest step plus a
    /// fifth of its peak (one block of the server's volume in a 150 ms fade on a busy machine).
    private func fadeStepBound(_ music: ArraySlice<Float>) -> Float {
        largestStep(music) + (music.map(abs).max() ?? 0) / 5
    }

    /// The RMS level of `samples` in dB.
    private func level(_ samples: ArraySlice<Float>) -> Double { SignalAnalysis.level(Array(samples)) }

    /// The sample rate's count of samples in `milliseconds`.
    private func ms(_ milliseconds: Double) -> Int { Int(milliseconds * MonitorRecorder.sampleRate / 1000) }

    /// What the monitor heard from `start` until the sound went silent (waiting for it up to
    /// 5 s), as the samples arrived over a span wide enough for a capture that lags on a
    /// busy machine, and the index of the last sound in it.
    private func heardUntilSilence(_ bench: AudioTestBench, since start: Date) throws -> (samples: [Float], end: Int) {
        #expect(bench.wait(upTo: 5) { SignalAnalysis.level(bench.monitor.listen(for: 0.3)) < silenceLevel })
        let heard = bench.monitor.samples(from: start.addingTimeInterval(-2), to: Date())
        let end = try #require(heard.lastIndex { abs($0) > 0.001 }, "nothing heard before the silence")
        try #require(end > ms(300), "the recording starts \(end) samples before the sound ends")
        return (heard, end)
    }

    /// Expects the music in `heard` to fall smoothly into silence at `end`: at its level
    /// 300–200 ms before, no step larger than the music's own plus a fifth of its peak on
    /// the way down, and its last 50 ms at least 6 dB down.
    private func expectFall(_ heard: [Float], endingAt end: Int, from reference: Double, _ what: String) {
        let music = heard[(end - ms(300))..<(end - ms(200))]
        let fall = heard[(end - ms(200))...min(heard.count - 1, end + ms(20))]
        #expect(abs(level(music) - reference) < 1.5, "the music before \(what): \(level(music)) dB")
        #expect(largestStep(fall) <= fadeStepBound(music), "\(what) steps by \(largestStep(fall)), the music by \(largestStep(music))")
        let lastFifty = heard[(end - ms(50))...end]
        #expect(level(lastFifty) < reference - 6, "the last 50 ms before \(what): \(level(lastFifty)) dB, the music \(reference) dB")
    }

    @Test func aPauseFallsAndAResumeRises() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()

        let pausedAt = Date()
        try bench.send(.pause)
        let paused = try heardUntilSilence(bench, since: pausedAt)
        expectFall(paused.samples, endingAt: paused.end, from: reference, "the pause")

        let resumedAt = Date()
        try bench.send(.play)
        #expect(bench.wait(upTo: 5) { bench.heardLevel(of: 440, over: 0.2) > reference - 1.5 })
        Thread.sleep(forTimeInterval: 0.5)
        // From the resume on: every block from before it arrived while the silence was heard,
        // so the pause's last whisper is not taken for the rise's first sound.
        let resumed = bench.monitor.samples(from: resumedAt, to: Date())
        let start = try #require(resumed.firstIndex { abs($0) > 0.001 }, "nothing heard after the resume")
        try #require(resumed.count > start + ms(400), "\(resumed.count - start) samples heard after the resume")
        let rise = resumed[max(0, start - ms(20))..<(start + ms(200))]
        let after = resumed[(start + ms(250))..<(start + ms(350))]
        #expect(abs(level(after) - reference) < 1.5, "the music after the rise: \(level(after)) dB")
        #expect(largestStep(rise) <= fadeStepBound(after), "the resume steps by \(largestStep(rise)), the music by \(largestStep(after))")
        let firstFifty = resumed[start..<(start + ms(50))]
        #expect(level(firstFifty) < reference - 6, "the first 50 ms: \(level(firstFifty)) dB, the music \(reference) dB")
    }

    /// Music that a non-mixable music session interrupts falls over `fade_ms` before it is
    /// muted, instead of being cut under the interrupter.
    @Test func anInterruptionFalls() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let other = try bench.daemon.client()
        let session = try other.call(Methods.SessionOpen.self, SessionOpenParams(name: "other music", category: .playback))

        let interruptedAt = Date()
        _ = try other.call(Methods.SessionActivate.self, session)
        let interrupted = try heardUntilSilence(bench, since: interruptedAt)
        expectFall(interrupted.samples, endingAt: interrupted.end, from: reference, "the interruption")
        #expect(try bench.nowPlaying().playbackState == .interrupted)
    }

    /// A skip fades the track out before the next is heard, and the next rises. In windows
    /// of 20 ms: the 440 Hz tone is at its level 300–200 ms before the quietest window
    /// between the tracks and at least 6 dB down over the 40 ms before it (a cut leaves it
    /// whole up to the gap); the 660 Hz tone that follows is at least 6 dB under its own level over its
    /// first 40 ms.
    @Test func aSkipFallsAndTheNextTrackRises() throws {
        let bench = try AudioTestBench()
        try bench.queue("long440.mp3", "tone660-mono48k.mp3")
        try bench.send(.play)
        let reference = bench.steadyLevel(of: 440)

        let skippedAt = Date()
        try bench.send(.nextTrack)
        let next = bench.steadyLevel(of: 660)
        let heard = bench.monitor.samples(from: skippedAt.addingTimeInterval(-1), to: Date())
        let window = ms(20)
        let windows = stride(from: 0, to: heard.count - window, by: window).map { start in
            let samples = Array(heard[start..<(start + window)])
            return (level: SignalAnalysis.level(samples), tone: SignalAnalysis.level(samples, at: 440), next: SignalAnalysis.level(samples, at: 660))
        }
        let sounding = try #require(windows.firstIndex { $0.level > silenceLevel }, "nothing heard before the skip")
        let gone = try #require(windows.indices.dropFirst(sounding).min { windows[$0].level < windows[$1].level })
        let risen = try #require(windows[gone...].firstIndex { $0.next > silenceLevel }, "the 660 Hz tone was never heard")
        try #require(windows[gone].level < reference - 20, "no quiet between the tracks: \(windows.map { Int($0.level) })")
        try #require(
            gone - sounding >= 15 && risen + 2 <= windows.count,
            "\(gone - sounding) windows before the quiet, \(windows.count - risen) after the rise")
        let before = windows[(gone - 15)..<(gone - 10)].map(\.tone)
        let lastForty = windows[(gone - 2)..<gone].map(\.tone)
        let firstForty = windows[risen..<(risen + 2)].map(\.next)
        #expect(before.allSatisfy { abs($0 - reference) < 1.5 }, "the tone 300–200 ms before the quiet: \(before) dB, \(reference) dB steady")
        #expect(lastForty.allSatisfy { $0 < reference - 6 }, "the tone's last 40 ms: \(lastForty) dB, \(reference) dB steady")
        #expect(firstForty.allSatisfy { $0 < next - 6 }, "the next track's first 40 ms: \(firstForty) dB, \(next) dB steady")
    }
}
