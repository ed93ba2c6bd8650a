import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Spawning
import Testing

/// A Snapcast server that is not there, or goes away, is a lost route, as the audio server's
/// loss is: a move to it is refused and changes nothing, and its loss while playing pauses
/// the player, says why, and plays on by itself when it is back within `resume_within_s`.
extension SnapcastOutputTests {
    /// The `route.changed` events `watcher` received as (reason, previousSink, sink), waiting
    /// up to 5 s for `count` of them.
    private func routeChanges(_ watcher: RondoClient, count: Int) throws -> [[String?]] {
        var changes: [[String?]] = []
        while changes.count < count, let event = try watcher.nextEvent(timeout: 5) {
            guard event.method == Events.RouteChangedEvent.name else { continue }
            changes.append(["reason", "previousSink", "sink"].map { event.params[$0]?.text })
        }
        return changes
    }

    private func state(_ client: RondoClient) throws -> PlaybackStateName { try client.call(Methods.NowPlayingGet.self).playbackState }

    /// `rondo output snapcast` with no snapserver at `[snapcast] source` fails (exit 1,
    /// `pulseUnavailable`, naming the address) and changes nothing: the music plays on at the
    /// audio server, heard there, `rondo status` says playing, the outputs are as before, and
    /// after a restart the choice saved is still the audio server's.
    @Test func aMoveToASnapcastServerThatIsNotThereChangesNothing() throws {
        let port = try LoopbackSocket.freePort()
        let configDirectory = try TemporaryDirectory(prefix: "rondo-snapcast-config")
        defer { configDirectory.remove() }
        let config = configDirectory.appending("rondo.toml")
        try Data("[snapcast]\nsource = \"127.0.0.1:\(port)\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        func rondo(_ arguments: String..., daemon: DaemonProcess) -> (status: Int32, stdout: String, stderr: String) {
            Subprocess.capture([BuiltProducts.rondo] + arguments, environment: ["RONDO_SOCKET": daemon.socketPath])
        }
        try bench.queue("long440.mp3")
        try bench.send(.play)
        #expect(bench.wait(upTo: 4) { bench.heardLevel(of: 440) > fixtureToneLevel - 3 })

        let moved = rondo("output", "snapcast", daemon: bench.daemon)
        #expect(moved.status == 1, "\(moved.stdout)")
        #expect(moved.stderr.contains("127.0.0.1:\(port)") && moved.stderr.contains("Snapcast"), "\(moved.stderr)")
        #expect(bench.client.failure(Methods.PlayerSetOutput.self, PlayerSetOutputParams(sink: PlayerSetOutputParams.snapcast)) == .pulseUnavailable)

        #expect(rondo("status", daemon: bench.daemon).stdout.hasPrefix("playing"))
        #expect(bench.wait(upTo: 2) { bench.heardLevel(of: 440) > fixtureToneLevel - 3 }, "still heard at the audio server")
        let outputs = try bench.client.call(Methods.PlayerOutputsGet.self)
        #expect(outputs.pinned == nil, "\(outputs)")
        #expect(outputs.outputs.contains { $0.name == bench.pulse.sink && $0.inUse }, "\(outputs)")
        #expect(outputs.outputs.contains { $0.name == PlayerSetOutputParams.snapcast && !$0.inUse }, "\(outputs)")

        #expect(bench.daemon.stop() == 0)
        let again = try DaemonProcess(pulseServer: bench.pulse.server, arguments: ["--config", config], restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.PlayerOutputsGet.self).pinned == nil)
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(bench.wait(upTo: 4) { bench.heardLevel(of: 440) > fixtureToneLevel - 3 }, "heard at the audio server after the restart")
    }

    /// snapserver killed while the music plays in the room: the player turns paused (not
    /// "playing" into nothing), a `route.changed` says the route to `snapcast` was lost, and
    /// once snapserver is started again the music plays on by itself, from where it stopped,
    /// heard in the room again, announced by a second `route.changed`.
    @Test func aSnapcastServerLostWhilePlayingPausesAndPlaysOnWhenItIsBack() throws {
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        let kitchen = try snapcast.addRoom("kitchen")
        let (configDirectory, config) = try configuration(for: snapcast, output: true)
        defer { configDirectory.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config])
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        let watcher = try daemon.client()
        _ = try watcher.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.route]))
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        var mark = 0
        func level() -> Double { SignalAnalysis.level(kitchen.lastPlayed(seconds: 0.3, after: mark), at: 440, sampleRate: 48_000) }
        #expect(eventually(within: 6) { level() > fixtureToneLevel - 1.5 }, "heard in the kitchen: \(level()) dB")

        snapcast.kill()
        #expect(try eventually(within: 5) { try state(client) == .paused }, "daemon log:\n\(daemon.log.suffix(3000))")
        let status = Subprocess.capture([BuiltProducts.rondo, "status"], environment: ["RONDO_SOCKET": daemon.socketPath])
        #expect(status.stdout.hasPrefix("paused"), "\(status.stdout)")
        #expect(try routeChanges(watcher, count: 1) == [["audioServerLost", PlayerSetOutputParams.snapcast, nil]])
        let heard = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)

        // What the room plays from here on, not the tone it played before.
        mark = kitchen.framesPlayed
        let restartedAt = Date()
        try snapcast.start()
        #expect(try eventually(within: 8) { try state(client) == .playing }, "daemon log:\n\(daemon.log.suffix(3000))")
        let resumed = try #require(try client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
        let sinceRestart = Date().timeIntervalSince(restartedAt)
        #expect(resumed >= heard - 0.2 && resumed <= heard + sinceRestart + 0.2, "paused at \(heard) s, playing on at \(resumed) s")
        #expect(eventually(within: 8) { level() > fixtureToneLevel - 1.5 }, "heard in the kitchen again: \(level()) dB; its log:\n\(kitchen.logTail)")
        #expect(try routeChanges(watcher, count: 1) == [["audioServerRestored", nil, PlayerSetOutputParams.snapcast]])
    }

    /// The rooms chosen before a restart whose snapserver is gone by then: the daemon does
    /// not play into nothing: `play` answers `deviceNotFound` and the player stays paused,
    /// the choice stays the rooms', and snapserver started soon after brings the music to
    /// the room by itself (within `resume_within_s` of the `play`), not to the audio server.
    @Test func roomsChosenBeforeARestartWaitForTheirServer() throws {
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        let kitchen = try snapcast.addRoom("kitchen")
        let (configDirectory, config) = try configuration(for: snapcast, output: false)
        defer { configDirectory.remove() }
        let bench = try roomsChosenAndStopped(config: config)
        snapcast.kill()

        let again = try DaemonProcess(pulseServer: bench.pulse.server, arguments: ["--config", config], restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.PlayerOutputsGet.self).pinned == PlayerSetOutputParams.snapcast)
        let reply = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play))
        #expect(reply.status == .deviceNotFound && reply.reason == .pulseUnavailable, "\(reply)")
        #expect(try state(client) == .paused)

        try snapcast.start()
        func level() -> Double { SignalAnalysis.level(kitchen.lastPlayed(seconds: 0.3), at: 440, sampleRate: 48_000) }
        #expect(try eventually(within: 8) { try state(client) == .playing }, "daemon log:\n\(again.log.suffix(3000))")
        #expect(eventually(within: 8) { level() > fixtureToneLevel - 1.5 }, "heard in the kitchen: \(level()) dB; its log:\n\(kitchen.logTail)")
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel, "and not at the audio server")
    }
    /// The same with `restore_playing`, killed while playing to the rooms: the daemon that
    /// comes back plays again to the rooms, once their server is back, and never to the
    /// audio server meanwhile (the play connects to the output restored).
    @Test func roomsPlayingBeforeARestartPlayThereAgain() throws {
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        let kitchen = try snapcast.addRoom("kitchen")
        let (configDirectory, config) = try configuration(for: snapcast, output: false)
        defer { configDirectory.remove() }
        let withRestore = "restore_playing = true\n" + (try String(contentsOfFile: config, encoding: .utf8))
        try Data(withRestore.utf8).write(to: URL(fileURLWithPath: config))
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        try bench.queue("long440.mp3")
        let moved = try bench.client.call(Methods.PlayerSetOutput.self, PlayerSetOutputParams(sink: PlayerSetOutputParams.snapcast))
        #expect(moved.pinned == PlayerSetOutputParams.snapcast)
        #expect(try bench.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(try eventually(within: 5) { try state(bench.client) == .playing })
        bench.daemon.kill()
        snapcast.kill()

        let again = try DaemonProcess(pulseServer: bench.pulse.server, arguments: ["--config", config], restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.PlayerOutputsGet.self).pinned == PlayerSetOutputParams.snapcast, "daemon log:\n\(again.log.suffix(3000))")
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel, "playing at the audio server while the rooms' server is away")
        try snapcast.start()
        func level() -> Double { SignalAnalysis.level(kitchen.lastPlayed(seconds: 0.3), at: 440, sampleRate: 48_000) }
        #expect(try eventually(within: 10) { try state(client) == .playing }, "daemon log:\n\(again.log.suffix(3000))")
        #expect(eventually(within: 8) { level() > fixtureToneLevel - 1.5 }, "heard in the kitchen: \(level()) dB; its log:\n\(kitchen.logTail)")
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel, "and not at the audio server")
    }
}
