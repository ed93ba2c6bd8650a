import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// The now-playing dictionary against what the listener hears, at every rate: each
/// second's change of the steps file (second k is a (300 + 100·k) Hz tone) is timed at the
/// sink's monitor, and the elapsed time the daemon last reported, extrapolated from its
/// timestamp at its rate, must be within 50 ms × rate of it (and the 5 ms step it is timed
/// in); the queue index must move to the next track within 50 ms of the next track being
/// heard. On a fresh sink, which starts
/// its first stream late, the elapsed time holds at the start until the first sample is
/// heard; it never steps backwards.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("elapsed time follows the position the server reports played"))
struct NowPlayingAtRateTests {
    /// One `nowPlaying.get` answer and when it arrived.
    private struct Report {
        var arrival: Date
        var info: NowPlayingInfoPayload
    }

    @Test(arguments: [(0.5, true), (1.0, true), (1.5, true), (2.0, true), (2.0, false)])
    func elapsedAndIndexFollowWhatIsHeard(rate: Double, sinkHasPlayed: Bool) throws {
        let bench = try AudioTestBench()
        // A sink that has played before, as on a running desktop; or a fresh null sink,
        // which starts its first stream up to a second or so late.
        if sinkHasPlayed {
            try bench.queue("short-a.mp3")
            let warmUp = Date()
            try bench.send(.play)
            #expect(bench.wait(upTo: 3) { firstSound(bench.monitor, after: warmUp) != nil }, "\(bench.diagnosis())")
            try bench.send(.stop)
            _ = bench.monitor.waitUntilHeard(within: 3) { SignalAnalysis.level($0) < silenceLevel }
        }
        try bench.queue("steps.mp3", "short-b.mp3")
        _ = try bench.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changePlaybackRate, playbackRate: rate))
        let played = Date()
        try bench.send(.play)
        var reports: [Report] = []
        while Date().timeIntervalSince(played) < 10 / rate + 0.8 {
            reports.append(Report(arrival: Date(), info: try bench.nowPlaying().info))
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: 0.1)
        // Where each change should fall is counted from the first sound; where it does
        // fall is measured.
        let onset = try #require(firstSound(bench.monitor, after: played), "nothing was heard; \(bench.diagnosis())")
        var heard: [(second: Int, time: Date)] = [(0, onset)]
        for second in 1...9 {
            let nominal = onset.addingTimeInterval(Double(second) / rate)
            let change = try #require(
                heardChange(bench.monitor, from: 200.0 + 100 * Double(second), to: 300.0 + 100 * Double(second), near: nominal, rate: rate))
            heard.append((second, change))
        }
        // Every report taken before a change, extrapolated to the moment the change was
        // heard, must say that second: within 50 ms of the listener's time, plus the 5 ms
        // step the change is timed in (``heardChange``), each in media time at the rate.
        let tolerance = (0.05 + 0.005) * rate
        let lines = try reports.filter { $0.info.playbackQueueIndex == 0 }.map { report in
            try extrapolate(report.info, to: report.arrival)
        }
        for (earlier, later) in zip(lines, lines.dropFirst()) {
            #expect(later >= earlier - 0.001, "at \(rate)×, the elapsed time stepped back from \(earlier) to \(later)")
        }
        var worst = 0.0
        var since = played
        for (second, time) in heard {
            let before = reports.filter { $0.arrival >= since && $0.arrival < time && $0.info.playbackQueueIndex == 0 }
            #expect(second == 0 || !before.isEmpty, "no report before second \(second) was heard")
            for report in before {
                let reported = try extrapolate(report.info, to: time)
                #expect(abs(reported - Double(second)) <= tolerance, "at \(rate)×, second \(second) heard when the daemon said \(reported)")
                worst = max(worst, abs(reported - Double(second)))
            }
            since = time
        }
        let nextHeard = try #require(
            heardChange(bench.monitor, from: 1200, to: 700, near: onset.addingTimeInterval(10 / rate), rate: rate))
        let moved = try #require(reports.first { $0.info.playbackQueueIndex == 1 }?.arrival, "the index never moved")
        let lag = moved.timeIntervalSince(nextHeard)
        print(
            "    at \(rate)×: elapsed within \(Int(worst * 1000)) ms of what was heard; index moved \(Int(lag * 1000)) ms after the next track was heard"
        )
        // A report is taken every 20 ms or so: the index may show up to one poll after it moved.
        #expect((-0.05...0.075).contains(lag), "at \(rate)×, the index moved \(Int(lag * 1000)) ms after the next track was heard")
    }

    /// The elapsed time `info` says at `moment`, extrapolated as SPEC §3 tells a client to,
    /// and capped at the duration as a client's progress is: a reply that took a few
    /// milliseconds to arrive at the end of the track must not read past it.
    private func extrapolate(_ info: NowPlayingInfoPayload, to moment: Date) throws -> Double {
        let elapsed =
            try #require(info.elapsedPlaybackTime)
            + (moment.timeIntervalSince1970 - (try #require(info.timestamp))) * (try #require(info.playbackRate))
        return min(elapsed, try #require(info.playbackDuration))
    }

    /// The time of the first sample above -26 dBFS in the 3 s after `start`.
    private func firstSound(_ monitor: MonitorRecorder, after start: Date) -> Date? {
        let (first, samples) = monitor.clockedSamples(from: start, to: start.addingTimeInterval(3))
        return samples.firstIndex { abs($0) > 0.05 }.map { first.addingTimeInterval(Double($0) / MonitorRecorder.sampleRate) }
    }

    /// When the tone at `old` Hz gives way to the one at `new` Hz, within the `0.35 / rate`-s
    /// around `nominal` (less than half a second of media either side): the number of 5 ms
    /// steps where the old tone is still the louder, counted from the start of the span, so
    /// a change the stretcher blurs (an overlap, a repeated stretch) is timed at its middle.
    private func heardChange(_ monitor: MonitorRecorder, from old: Double, to new: Double, near nominal: Date, rate: Double) -> Date? {
        let span = min(0.35, 0.45 / rate)
        let (start, samples) = monitor.clockedSamples(
            from: nominal.addingTimeInterval(-span), to: nominal.addingTimeInterval(span))
        let window = 441
        let hop = 220
        guard samples.count > window * 4 else { return nil }
        var oldWindows = 0
        for offset in stride(from: 0, to: samples.count - window, by: hop) {
            let chunk = Array(samples[offset..<(offset + window)])
            if SignalAnalysis.level(chunk, at: old) > SignalAnalysis.level(chunk, at: new) { oldWindows += 1 }
        }
        let seconds = Double(oldWindows * hop + (window - hop) / 2) / MonitorRecorder.sampleRate
        return start.addingTimeInterval(seconds)
    }
}
