import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// The PulseAudio server is killed and started again under a running rondod: the daemon keeps
/// answering, never claims to play while no stream exists, and `play` brings the sound back
/// from where it was heard.
@Suite(.serialized)
struct AudioServerRestartTests {
    /// Plays the steps file (second k is 300 + 100·k Hz), whose frequency tells the position.
    private func startSteps(_ pulse: PulseServer) throws -> (DaemonProcess, RondoClient) {
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("steps.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == "success")
        return (daemon, client)
    }

    /// Polls `condition` for up to 3 s.
    private func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        for _ in 0..<150 {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return try condition()
    }

    /// Killed while playing: the player turns paused at the heard position and answers
    /// throughout; once the server is back, `play` is heard again from that position.
    @Test func killedWhilePlayingPausesAndPlayResumesWhereItWasHeard() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startSteps(pulse)
        defer { _ = daemon.stop() }
        Thread.sleep(forTimeInterval: 2.5)
        pulse.kill()
        let killedAt = Date()
        #expect(try eventually { try client.call(Methods.NowPlayingGet.self).playbackState == "paused" })
        let paused = try client.call(Methods.NowPlayingGet.self)
        let heard = try #require(paused.info.elapsedPlaybackTime)
        #expect(heard > 0.5 && heard < 3.2, "paused at \(heard) s")
        #expect(Date().timeIntervalSince(killedAt) < 1.5)
        #expect(try client.call(Methods.DaemonInfoMethod.self).pulse.connected == false)

        try pulse.start()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        defer { monitor.stop() }
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == "success")
        Thread.sleep(forTimeInterval: 0.15)
        let frequency = SignalAnalysis.dominantFrequency(monitor.listen(for: 0.3))
        let expected = 300 + 100 * floor(heard + 0.3)
        #expect(abs(frequency - expected) <= 100, "heard \(frequency) Hz after resuming at \(heard) s")
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == "playing")
    }

    /// Killed and restarted while paused (nothing noticed the loss): `play` reconnects and is heard.
    @Test func restartedWhilePausedPlaysOnPlay() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startSteps(pulse)
        defer { _ = daemon.stop() }
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .pause)).status == "success")
        let heard = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
        pulse.kill()
        try pulse.start()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        defer { monitor.stop() }
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == "success")
        Thread.sleep(forTimeInterval: 0.15)
        let frequency = SignalAnalysis.dominantFrequency(monitor.listen(for: 0.3))
        #expect(abs(frequency - (300 + 100 * floor(heard + 0.3))) <= 100, "heard \(frequency) Hz after pausing at \(heard) s")
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == "playing")
    }

    /// While the server is down, `play` fails with a reason and the state stays paused: it
    /// never claims to play with no stream.
    @Test func playWithTheServerDownIsRefusedAndStaysPaused() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let (daemon, client) = try startSteps(pulse)
        defer { _ = daemon.stop() }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .pause)).status == "success")
        pulse.kill()
        let reply = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play))
        #expect(reply.status == "deviceNotFound")
        #expect(reply.reason == "pulseUnavailable")
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == "paused")
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .togglePlayPause)).status == "deviceNotFound")
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == "paused")
    }
}
