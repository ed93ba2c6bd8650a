import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// The sleep timer by ear (SPEC §15): `rondo sleep 1` ends in a minute; a quarter of a minute
/// keeps the music at its level until the last 10 s, fades it there and pauses it at 15 s;
/// `rondo sleep end` pauses at the end of the item, before the next is heard. The next play is
/// at full level again.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("a fade's levels heard at the monitor, timed by the server"))
struct SleepTimerByEarTests {
    private func rondo(_ bench: AudioTestBench, _ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture([BuiltProducts.rondo] + arguments, environment: ["RONDO_SOCKET": bench.daemon.socketPath])
    }

    /// Sleeps until `moment`.
    private func wait(until moment: Date) {
        let left = moment.timeIntervalSinceNow
        if left > 0 { Thread.sleep(forTimeInterval: left) }
    }

    @Test func theTimerFadesOverItsLastTenSecondsThenPauses() throws {
        let bench = try AudioTestBench()
        try bench.queue("long440.mp3")
        _ = try bench.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changeRepeatMode, repeatType: .one))
        let reference = try bench.playToneReference()

        let asked = Date()
        let set = rondo(bench, "sleep", "1")
        #expect(set.status == 0 && set.stdout.contains("pausing at"), "\(set)")
        let minute = try #require(try bench.nowPlaying().sleep?.endsAt)
        #expect(abs(minute - (asked.timeIntervalSince1970 + 60)) < 1, "ends at \(minute), asked at \(asked.timeIntervalSince1970)")
        #expect(rondo(bench, "sleep").stdout.contains("pausing at"))

        // A quarter of a minute: its last 10 s fade as a minute's do, without waiting out the rest.
        let events = try bench.daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.nowPlaying]))
        let started = Date()
        #expect(rondo(bench, "sleep", "0.25").status == 0)
        let endsAt = try #require(try bench.nowPlaying().sleep?.endsAt)
        #expect(abs(endsAt - (started.timeIntervalSince1970 + 15)) < 1, "ends at \(endsAt), asked at \(started.timeIntervalSince1970)")

        wait(until: started.addingTimeInterval(3))
        let before = bench.heardLevel(of: 440, over: 0.5)
        #expect(abs(before - reference) < 1.5, "12 s before the end the music plays at its level: \(before) dB, not \(reference)")
        wait(until: started.addingTimeInterval(10))
        let fading = bench.heardLevel(of: 440, over: 0.3)
        // 5 s left of 10: a quarter of the gain, 12 dB down (what the listener hears lags a little).
        #expect(fading < reference - 8 && fading > reference - 17, "5 s before the end: \(fading) dB, the music at \(reference)")

        // Silence that lasts: a stream's dropout on a loaded machine is not the pause.
        var silentAt: Date?
        _ = bench.wait(upTo: 8) {
            let window = Date()
            if bench.heardLevel(of: 440, over: 0.1) < silenceLevel, bench.heardLevel(of: 440, over: 0.3) < silenceLevel {
                silentAt = window
            }
            return silentAt != nil
        }
        let silence = try #require(silentAt, "never silent")
        let after = silence.timeIntervalSince(started)
        #expect(abs(after - 15) <= 1, "silent \(after) s after rondo sleep 0.25")
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .paused })
        #expect(try bench.nowPlaying().sleep == nil)
        // Every state published on the way shows the pause with its timer gone, never both.
        var pausedStates = 0
        while let event = try events.nextEvent(timeout: 0.2) {
            guard case .string("paused")? = event.params["playbackState"] else { continue }
            pausedStates += 1
            #expect(event.params["sleep"] == nil || event.params["sleep"] == .null, "paused with the timer still set: \(event.params)")
        }
        #expect(pausedStates > 0, "the pause was never published")

        try bench.send(.play)
        let again = bench.steadyLevel(of: 440, near: reference)
        #expect(abs(again - reference) < 1.5, "the next play is at the music's level: \(again) dB")
    }

    @Test func endPausesWhenTheItemEndsBeforeTheNextIsHeard() throws {
        let bench = try AudioTestBench()
        try bench.queue("long440.mp3", "steps.mp3")
        try bench.send(.play)
        #expect(bench.wait(upTo: 3) { bench.heardLevel(of: 440, over: 0.1) > silenceLevel })
        try bench.send(.changePlaybackPosition, positionTime: 14)
        let set = rondo(bench, "sleep", "end")
        #expect(set.status == 0 && set.stdout.contains("pausing when this item ends"), "\(set)")
        #expect(try bench.wait(upTo: 9) { try bench.nowPlaying().playbackState == .paused })
        let state = try bench.nowPlaying()
        #expect(state.info.title == "Long 440" && state.sleep == nil, "\(state.info.title ?? "-")")
        let heard = bench.monitor.listen(for: 1)
        #expect(SignalAnalysis.level(heard) < silenceLevel, "nothing heard after the pause, not the next item")
        #expect(rondo(bench, "sleep", "off").stdout.contains("sleep timer off"))
    }
}
