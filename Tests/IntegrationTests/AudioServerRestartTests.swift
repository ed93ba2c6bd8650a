import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// The PulseAudio server is killed and started again under a running rondod: the daemon keeps
/// answering, never claims to play while no stream exists, says the server was lost, and
/// plays on by itself from where it was heard when the server returns in time.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("kills and restarts the audio server under the daemon"))
struct AudioServerRestartTests {
    /// A daemon on `pulse` playing the steps file (second k is 300 + 100·k Hz, so the
    /// frequency tells the position).
    private func startSteps(_ pulse: PulseServer, arguments: [String] = []) throws -> (DaemonProcess, RondoClient) {
        let daemon = try DaemonProcess(pulseServer: pulse.server, arguments: arguments)
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("steps.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        return (daemon, client)
    }

    /// A daemon on `pulse` playing the 440 Hz tone for 20 s.
    private func startTone(_ pulse: PulseServer) throws -> (DaemonProcess, RondoClient) {
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        return (daemon, client)
    }

    /// The step frequency heard at `position` seconds into the steps file.
    private func stepFrequency(at position: Double) -> Double { 300 + 100 * floor(position) }

    private func state(_ client: RondoClient) throws -> PlaybackStateName { try client.call(Methods.NowPlayingGet.self).playbackState }

    /// Waits up to 10 s until `client`'s player has played more than `seconds` of its track.
    private func played(past seconds: Double, _ client: RondoClient) throws -> Bool {
        try eventually(within: 10) { (try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime ?? 0) > seconds }
    }

    /// Waits up to 5 s until the 440 Hz tone reaches `monitor` at the fixtures' full level.
    private func toneHeard(_ monitor: MonitorRecorder) -> Bool {
        monitor.waitUntilHeard(440, above: fixtureToneLevel - 3)
    }

    /// The `route.changed` reasons `watcher` received, waiting up to 3 s for `count`.
    private func routeReasons(_ watcher: RondoClient, count: Int) throws -> [String] {
        var reasons: [String] = []
        while reasons.count < count, let event = try watcher.nextEvent(timeout: 3) {
            if event.method == Events.RouteChangedEvent.name, let reason = event.params["reason"]?.text {
                reasons.append(reason)
            }
        }
        return reasons
    }

    /// Killed while playing: the player turns paused at once with a route change saying the
    /// server was lost, answers throughout, and once the server is back plays on by itself
    /// from the position it noted, announced by a second route change.
    @Test func killedWhilePlayingResumesByItselfWhereItWasHeard() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startSteps(pulse)
        defer { _ = daemon.stop() }
        let watcher = try daemon.client()
        _ = try watcher.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.route]))
        #expect(try played(past: 1, client))
        pulse.kill()
        #expect(try eventually { try state(client) == .paused })
        let heard = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
        #expect(heard > 0.5 && heard < 3.2, "paused at \(heard) s")
        #expect(try client.call(Methods.DaemonInfoMethod.self).pulse.connected == false)
        // Long enough for the player's first attempts to reconnect (0.1, 0.3 and 0.7 s in).
        Thread.sleep(forTimeInterval: 0.8)
        #expect(try state(client) == .paused)

        // PipeWire answers before the test's null sink is loaded: the music may play on into
        // PipeWire's own fallback sink and move to the test's sink when it appears.
        let restartedAt = Date()
        try pulse.start()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        defer { monitor.stop() }
        #expect(try eventually { try state(client) == .playing }, "daemon log:\n\(daemon.log.suffix(4000))")
        // Where it played on from: no earlier than where it was heard, no later than that
        // plus the time since the server came back (however slowly this test saw it).
        let resumed = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
        let sinceRestart = Date().timeIntervalSince(restartedAt)
        #expect(resumed >= heard - 0.2 && resumed <= heard + sinceRestart + 0.2, "paused at \(heard) s, playing on at \(resumed) s")
        #expect(monitor.waitUntilHeard(above: -30))
        let position = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
        let frequency = SignalAnalysis.dominantFrequency(monitor.listen(for: 0.3))
        #expect(abs(frequency - stepFrequency(at: position + 0.15)) <= 100, "heard \(frequency) Hz at \(position) s")
        #expect(try routeReasons(watcher, count: 2) == ["audioServerLost", "audioServerRestored"])
    }

    /// Five restarts in a row: each time the music is heard again without a command.
    @Test func everyRestartBringsTheMusicBack() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startTone(pulse)
        defer { _ = daemon.stop() }
        var heardAgain = 0
        #expect(try played(past: 0.2, client))
        for _ in 0..<5 {
            pulse.kill()
            #expect(try eventually { try state(client) == .paused })
            try pulse.start()
            let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
            if try eventually(within: 4, { try state(client) == .playing }) {
                _ = monitor.waitUntilHeard(440, above: -30)
                if SignalAnalysis.level(monitor.listen(for: 0.3), at: 440) > -30 { heardAgain += 1 }
            }
            monitor.stop()
        }
        #expect(heardAgain == 5)
    }

    /// After a restart a duck is heard again: the arbiter's control of the server's streams
    /// comes back with the server (its loss is reported, and it connects again as it answers).
    @Test func aDuckIsHeardAfterARestart() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startTone(pulse)
        defer { _ = daemon.stop() }
        #expect(try played(past: 0.2, client))
        pulse.kill()
        #expect(try eventually { try state(client) == .paused })
        try pulse.start()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        defer { monitor.stop() }
        #expect(try eventually(within: 5) { try state(client) == .playing })
        #expect(toneHeard(monitor))
        let reference = SignalAnalysis.level(monitor.listen(for: 0.3), at: 440)
        let ducker = try daemon.client()
        let session = try ducker.call(
            Methods.SessionOpen.self, SessionOpenParams(name: "nav", category: .playback, options: [.duckOthers]))
        _ = try ducker.call(Methods.SessionActivate.self, session)
        var level = reference
        #expect(
            try eventually(within: 4) {
                level = SignalAnalysis.level(monitor.listen(for: 0.2), at: 440)
                return abs(level - reference - AudioSessionByEarTests.duckDecibels) < 1.5
            }, "heard at \(level) dBFS, \(reference) dBFS before the duck")
    }

    /// Killed in the last second of a track, after the decoder had moved on to the next one
    /// but before the listener heard it: once the server is back the track plays out and the
    /// next one follows (the pre-rolled next entry was lost with the output and is prepared
    /// again), instead of playback stopping at the track's end.
    @Test func killedJustBeforeATrackEndsGoesOnToTheNext() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        _ = try client.call(
            Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("steps.mp3"), Fixtures.path("tone440.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changePlaybackPosition, positionTime: 8.6))
        #expect(try played(past: 9.2, client))
        pulse.kill()
        #expect(try eventually { try state(client) == .paused })
        #expect(try client.call(Methods.NowPlayingGet.self).info.playbackQueueIndex == 0)
        try pulse.start()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        defer { monitor.stop() }
        #expect(
            try eventually(within: 5) { try client.call(Methods.NowPlayingGet.self).info.playbackQueueIndex == 1 },
            "the next track follows")
        #expect(toneHeard(monitor))
        #expect(try state(client) == .playing)
        #expect(SignalAnalysis.level(monitor.listen(for: 0.3), at: 440) > fixtureToneLevel - 3)
    }

    /// PipeWire's `pipewire-pulse` answers before its session manager runs and holds a stream
    /// made then without answering: the player gives that stream up after 3 s (libpulse alone
    /// would wait 30, with the player and every `nowPlaying.get` stuck behind it), keeps trying
    /// within `resume_within_s`, and plays on once the session manager is up.
    @Test(.enabled(if: PulseServer.Kind.current == .pipewire, "only PipeWire has a separate session manager"))
    func aSessionManagerStartingLateOnlyDelaysTheMusic() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startTone(pulse)
        defer { _ = daemon.stop() }
        #expect(try played(past: 0.2, client))
        pulse.kill()
        #expect(try eventually { try state(client) == .paused })
        let started = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? pulse.start(sessionManagerDelay: 10)
            started.signal()
        }
        var slowestAnswer = 0.0
        while started.wait(timeout: .now()) == .timedOut {
            let asked = Date()
            _ = try state(client)
            slowestAnswer = max(slowestAnswer, Date().timeIntervalSince(asked))
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(slowestAnswer < 6, "the player was stuck for \(slowestAnswer) s on a stream the server never answered")
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        defer { monitor.stop() }
        #expect(
            try eventually(within: 8) { try state(client) == .playing }, "daemon log:\n\(daemon.log.suffix(4000))")
        #expect(toneHeard(monitor))
        #expect(SignalAnalysis.level(monitor.listen(for: 0.3), at: 440) > fixtureToneLevel - 3)
    }

    /// Killed and restarted while paused: nothing resumes by itself (the listener had paused),
    /// and `play` reconnects and is heard from the paused position.
    @Test func restartedWhilePausedPlaysOnlyOnPlay() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startSteps(pulse)
        defer { _ = daemon.stop() }
        #expect(try played(past: 1, client))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .pause)).status == .success)
        let heard = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
        pulse.kill()
        try pulse.start()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        defer { monitor.stop() }
        // A return makes a waiting player's attempt due at once: once the daemon is connected
        // again, half a second shows whether it resumed.
        #expect(try eventually(within: 5) { try client.call(Methods.DaemonInfoMethod.self).pulse.connected })
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try state(client) == .paused)
        // A server that has only just come back may not take a stream yet (PipeWire's session
        // manager links it a moment later): `play` then fails as `deviceNotFound`, and a
        // second press plays.
        #expect(
            try eventually(within: 8) {
                try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success
            }, "daemon log:\n\(daemon.log.suffix(4000))")
        let resumed = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
        #expect(resumed >= heard - 0.2 && resumed < heard + 1, "paused at \(heard) s, played on at \(resumed) s")
        #expect(monitor.waitUntilHeard(above: -30))
        let position = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
        let frequency = SignalAnalysis.dominantFrequency(monitor.listen(for: 0.3))
        #expect(abs(frequency - stepFrequency(at: position + 0.15)) <= 100, "heard \(frequency) Hz at \(position) s")
        #expect(try state(client) == .playing)
    }

    /// While the server is down, `play` fails with a reason and the state stays paused (it
    /// never claims to play with no stream); the server appearing soon after starts the music.
    /// The `play` is sent once the daemon has seen the server go (its audio connection's
    /// thread reads the hang-up; under load that can come a moment after the kill).
    @Test func playWithTheServerDownWaitsForIt() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startSteps(pulse)
        defer { _ = daemon.stop() }
        #expect(try played(past: 0.2, client))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .pause)).status == .success)
        pulse.kill()
        #expect(try eventually(within: 5) { try client.call(Methods.DaemonInfoMethod.self).pulse.connected == false })
        let reply = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play))
        #expect(reply.status == .deviceNotFound)
        #expect(reply.reason == .pulseUnavailable)
        for _ in 0..<10 {
            #expect(try state(client) == .paused)
            Thread.sleep(forTimeInterval: 0.05)
        }
        try pulse.start()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        defer { monitor.stop() }
        #expect(try eventually { try state(client) == .playing }, "daemon log:\n\(daemon.log.suffix(4000))")
        #expect(monitor.waitUntilHeard(above: -30))
        #expect(SignalAnalysis.level(monitor.listen(for: 0.3)) > -30)
    }

    /// A server back later than `resume_within_s` leaves the player paused.
    @Test func aServerBackTooLateLeavesThePlayerPaused() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-restart")
        defer { directory.remove() }
        let config = directory.appending("rondo.toml")
        try "resume_within_s = 0.5\n".write(toFile: config, atomically: false, encoding: .utf8)
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startSteps(pulse, arguments: ["--config", config])
        defer { _ = daemon.stop() }
        #expect(try played(past: 0.2, client))
        pulse.kill()
        #expect(try eventually { try state(client) == .paused })
        // The window runs from the loss the player saw, a moment before it said so.
        Thread.sleep(forTimeInterval: 0.8)
        try pulse.start()
        // A return within the window resumes at once, in the same turn of the player that
        // logs the server's return: a request after that line is answered after the decision.
        #expect(eventually(within: 5) { daemon.log.contains("the audio server answers again") })
        #expect(try state(client) == .paused)
    }
}
