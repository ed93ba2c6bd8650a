import Audio
import Foundation
import RondoTesting
import SinkMonitor
import Spawning
import Synchronization
import Testing

/// Gains, mutes and events of real `paplay` sink inputs on a private PulseAudio server,
/// checked at the null sink's monitor.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("the server's sink-input volumes, mutes and events"))
struct SessionAudioControlTests {
    /// The drop in dB a gain of 0.3 makes.
    static let duckDecibels = 20 * log10(0.3)

    /// A session ducked to 0.3 drops by 20·log10(0.3) dB at the monitor and comes back at
    /// gain 1, while another session's sink input keeps its level.
    @Test func duckingScalesOnlyTheSession() throws {
        let bench = try SessionBench()
        try bench.play(440, session: "music")
        try bench.play(660, session: "other")
        #expect(bench.waitFor(.soundStarted(session: "music")))
        #expect(bench.waitFor(.soundStarted(session: "other")))
        let before = bench.listen()
        bench.control.setGain(0.3, session: "music", rampMilliseconds: 50)
        let ducked = bench.listen()
        bench.control.setGain(1, session: "music", rampMilliseconds: 50)
        let restored = bench.listen()

        let drop = SignalAnalysis.level(ducked, at: 440) - SignalAnalysis.level(before, at: 440)
        #expect(abs(drop - Self.duckDecibels) <= 1.5, "ducked by \(drop) dB")
        let otherChange = SignalAnalysis.level(ducked, at: 660) - SignalAnalysis.level(before, at: 660)
        #expect(abs(otherChange) <= 1, "the other session changed by \(otherChange) dB")
        let back = SignalAnalysis.level(restored, at: 440) - SignalAnalysis.level(before, at: 440)
        #expect(abs(back) <= 1, "restored to \(back) dB from the reference")
    }

    /// A sink input that appears after its session's gain was set plays at that gain.
    @Test func laterSinkInputGetsTheRememberedGain() throws {
        let bench = try SessionBench()
        bench.control.setGain(0.3, session: "late", rampMilliseconds: 50)
        try bench.play(660, session: "reference")
        try bench.play(440, session: "late")
        #expect(bench.waitFor(.soundStarted(session: "late")))
        #expect(bench.waitFor(.soundStarted(session: "reference")))
        let heard = bench.listen()
        let difference = SignalAnalysis.level(heard, at: 440) - SignalAnalysis.level(heard, at: 660)
        #expect(abs(difference - Self.duckDecibels) <= 1.5, "the late sink input is \(difference) dB from the reference")
    }

    /// A forgotten session's new sink inputs play at full level again.
    @Test func forgottenSessionIsLeftAlone() throws {
        let bench = try SessionBench()
        bench.control.setGain(0.3, session: "gone", rampMilliseconds: 0)
        bench.control.setInterrupted(true, session: "gone", rampMilliseconds: 0)
        bench.control.forget(session: "gone")
        try bench.play(660, session: "reference")
        try bench.play(440, session: "gone")
        #expect(bench.waitFor(.soundStarted(session: "gone")))
        #expect(bench.waitFor(.soundStarted(session: "reference")))
        let heard = bench.listen()
        let difference = SignalAnalysis.level(heard, at: 440) - SignalAnalysis.level(heard, at: 660)
        #expect(abs(difference) <= 1, "the forgotten session is \(difference) dB from the reference")
    }

    /// How far from `before` (dB) the 440 Hz tone is heard once it has come back within
    /// 1 dB of it, or when 2 s have passed.
    private func levelComingBack(_ bench: SessionBench, to before: Double) -> Double {
        var back = Double.infinity
        let deadline = Date().addingTimeInterval(2)
        repeat {
            back = SignalAnalysis.level(bench.listen(after: 0.1), at: 440) - before
        } while abs(back) > 1 && Date() < deadline
        return back
    }

    /// An interrupted session is silent at the monitor (below −50 dBFS) and heard at its
    /// level again once the interruption ends. The level before is taken once the stream
    /// plays steadily (a loaded PipeWire once started it late enough to put silence in the
    /// first window), and the level after must come back within 2 s.
    @Test func interruptionMutesAndUnmutes() throws {
        let bench = try SessionBench()
        try bench.play(440, session: "podcast")
        #expect(bench.waitFor(.soundStarted(session: "podcast")))
        let before = SignalAnalysis.level(bench.listen(after: 1), at: 440)
        bench.control.setInterrupted(true, session: "podcast", rampMilliseconds: 0)
        let muted = bench.listen()
        bench.control.setInterrupted(false, session: "podcast", rampMilliseconds: 0)
        let back = levelComingBack(bench, to: before)

        #expect(SignalAnalysis.level(muted) < -50, "heard \(SignalAnalysis.level(muted)) dBFS while interrupted")
        #expect(abs(back) <= 1, "after the interruption, \(back) dB from before")
    }

    /// An interruption with a ramp fades the session out before muting it: half-way
    /// through a 2 s fade the tone is heard, lower than before, and once it is over the
    /// session is silent; its end raises the tone back to its level.
    @Test func interruptionFadesBeforeItMutes() throws {
        let bench = try SessionBench()
        try bench.play(440, session: "podcast")
        #expect(bench.waitFor(.soundStarted(session: "podcast")))
        let before = SignalAnalysis.level(bench.listen(after: 1), at: 440)
        bench.control.setInterrupted(true, session: "podcast", rampMilliseconds: 2_000)
        let fading = SignalAnalysis.level(bench.listen(after: 0.5), at: 440) - before
        let muted = SignalAnalysis.level(bench.listen(after: 1.5))
        bench.control.setInterrupted(false, session: "podcast", rampMilliseconds: 200)
        let back = levelComingBack(bench, to: before)

        #expect(fading < -1 && fading > -20, "half-way through the fade the tone is \(fading) dB from before")
        #expect(muted < -50, "heard \(muted) dBFS once the fade is over")
        #expect(abs(back) <= 1, "after the interruption, \(back) dB from before")
    }

    /// A sink input that appears while its session is interrupted starts muted.
    @Test func laterSinkInputStaysMuted() throws {
        let bench = try SessionBench()
        bench.control.setInterrupted(true, session: "held", rampMilliseconds: 0)
        try bench.play(440, session: "held")
        #expect(bench.waitFor(.soundStarted(session: "held")))
        let heard = bench.listen()
        #expect(SignalAnalysis.level(heard) < -50, "heard \(SignalAnalysis.level(heard)) dBFS")
    }

    /// A command that plays and exits makes its session start and then stop sounding, and a
    /// session id with spaces, quotes and a backslash survives `PULSE_PROP` intact.
    @Test func soundStartsAndStopsWithTheCommand() throws {
        let bench = try SessionBench()
        let session = #"my "odd" session\1"#
        let child = try bench.play(440, seconds: 0.5, session: session)
        #expect(child.wait() == 0)
        #expect(bench.waitFor(.soundStopped(session: session)))
        let mine = bench.events.filter { $0 == .soundStarted(session: session) || $0 == .soundStopped(session: session) }
        #expect(mine == [.soundStarted(session: session), .soundStopped(session: session)])
    }

    /// Loading a sink announces it; unloading it while a session plays there names the
    /// session, whose sink input the server moved away.
    @Test func sinkRemovalNamesItsSessions() throws {
        let bench = try SessionBench()
        let loaded = bench.pulse.pactl("load-module", "module-null-sink", "sink_name=x")
        let module = loaded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(loaded.status == 0)
        #expect(bench.waitFor(.sinkAdded(name: "x")))
        try bench.play(440, session: "car", sink: "x")
        #expect(bench.waitFor(.soundStarted(session: "car")))
        #expect(bench.pulse.pactl("unload-module", module).status == 0)
        #expect(bench.waitFor(.sinkRemoved(name: "x", sessions: ["car"])))
        #expect(
            bench.events.prefix(4)
                == [.connected, .sinkAdded(name: "x"), .soundStarted(session: "car"), .sinkRemoved(name: "x", sessions: ["car"])])
    }

    /// The server's loss is reported once; the control of the lost connection says so and
    /// takes further requests without failing.
    @Test func lostServerIsReportedOnceAndHarmless() throws {
        let pulse = try PulseServer()
        let server = AudioServer(output: .pulse(server: pulse.server))
        defer { server.shutDown() }
        let reports = Mutex<[AudioServerEvent]>([])
        server.observe { event in reports.withLock { $0.append(event) } }
        try server.connectNow()
        let control = try #require(server.sessionAudio)
        #expect(control.isConnected)
        pulse.stop()
        let deadline = Date().addingTimeInterval(10)
        while control.isConnected || server.isConnected, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!control.isConnected)
        #expect(server.sessionAudio == nil)
        control.setGain(0.3, session: "any", rampMilliseconds: 50)
        control.setInterrupted(true, session: "any", rampMilliseconds: 0)
        control.forget(session: "any")
        #expect(reports.withLock { $0 } == [.connected, .serverLost])
    }

    /// Without a server no connection, and so no control, can be made.
    @Test func noServerIsReported() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-nopulse")
        defer { directory.remove() }
        let server = AudioServer(output: .pulse(server: "unix:" + directory.appending("no-server")))
        #expect {
            try server.connectNow()
        } throws: { error in
            guard case .pulseUnavailable = error as? AudioError else { return false }
            return true
        }
        #expect(server.sessionAudio == nil)
    }
}
