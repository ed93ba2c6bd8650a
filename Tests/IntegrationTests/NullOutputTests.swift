import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// `rondod --output null` with no audio server anywhere: it plays, in real time, to no
/// sound card. Positions follow the wall clock at the rate, tracks follow each other
/// (a change of sample rate included) and the queue ends when its audio has been played.
struct NullOutputTests {
    private struct Report {
        var time: Double
        var elapsed: Double
        var index: Int?
        var state: PlaybackStateName
    }

    /// short-a (1.5 s), short-b (1.5 s), then tone660-mono48k (3 s at 48 kHz, mono) at `rate`: each track
    /// starts when the ones before it have had their time at that rate, the elapsed time
    /// follows the clock, and the player stops once all 6 s of media are played.
    @Test(arguments: [1.0, 2.0])
    func playsInRealTimeWithoutAnAudioServer(rate: Double) throws {
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"])
        let client = try daemon.client()
        let info = try client.call(Methods.DaemonInfoMethod.self)
        #expect(info.output == "null")
        #expect(info.pulse.connected == false)
        _ = try client.call(
            Methods.QueueSet.self,
            QueueItemsParams(items: ["short-a.mp3", "short-b.mp3", "tone660-mono48k.mp3"].map(Fixtures.path), startIndex: 0))
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changePlaybackRate, playbackRate: rate))
        let started = Date().timeIntervalSince1970
        let played = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play))
        #expect(played.status == .success, "\(played)")
        var reports: [Report] = []
        while Date().timeIntervalSince1970 - started < 6 / rate + 1.5 {
            let now = try client.call(Methods.NowPlayingGet.self)
            let time = Date().timeIntervalSince1970
            let elapsed =
                (now.info.elapsedPlaybackTime ?? 0)
                + (time - (now.info.timestamp ?? time)) * (now.info.playbackRate ?? 0)
            reports.append(Report(time: time - started, elapsed: elapsed, index: now.info.playbackQueueIndex, state: now.playbackState))
            if now.playbackState == .stopped, time - started > 1 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        // Media time heard so far, by the wall clock: the tracks before the current one
        // plus the current one's elapsed time.
        let starts = [0.0, 1.5, 3.0]
        for report in reports where report.state == .playing && report.time > 0.3 {
            let index = try #require(report.index)
            let media = starts[index] + report.elapsed
            #expect(abs(media - report.time * rate) <= 0.25 * rate, "at \(rate)×, \(report.time) s after play the daemon was at \(media) s of media")
        }
        for (index, start) in starts.enumerated().dropFirst() {
            let first = try #require(reports.first { ($0.index ?? 0) >= index }, "track \(index) never played")
            #expect(abs(first.time - start / rate) <= 0.3, "at \(rate)×, track \(index) started \(first.time) s after play, not \(start / rate)")
        }
        let end = try #require(reports.first { $0.state == .stopped }, "the queue never ended: \(daemon.log.suffix(2000))")
        #expect(abs(end.time - 6 / rate) <= 0.4, "at \(rate)×, the queue ended \(end.time) s after play, not \(6 / rate)")
    }
}
