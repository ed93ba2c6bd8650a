import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// The remote-command center through the real daemon (SPEC §4): the command list, enabled
/// flags, the rate cycle heard at the monitor, repeat and shuffle modes.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("the rate cycle heard through the server's stream timing"))
struct RemoteCommandCenterTests {
    /// `remote.list` shows all 17 commands, enabled, with the properties SPEC §4 names.
    @Test func listShowsEveryCommandWithItsProperties() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let commands = try daemon.client().call(Methods.RemoteList.self, Empty())
        #expect(commands.map(\.command) == RemoteCommandName.allCases)
        #expect(commands.allSatisfy { $0.enabled })
        let byName = Dictionary(uniqueKeysWithValues: commands.map { ($0.command, $0) })
        #expect(byName[.changePlaybackRate]?.supportedPlaybackRates == [0.5, 1.0, 1.5, 2.0])
        #expect(byName[.changePlaybackRate]?.currentPlaybackRate == 1.0)
        #expect(byName[.skipForward]?.preferredIntervals == [15])
        #expect(byName[.skipBackward]?.preferredIntervals == [15])
        #expect(byName[.changeRepeatMode]?.currentRepeatType == .off)
        #expect(byName[.changeShuffleMode]?.currentShuffleType == .off)
        #expect(byName[.like]?.isActive == false)
        #expect(byName[.play]?.supportedPlaybackRates == nil)
    }

    /// A disabled `nextTrack` makes `rondo next` fail with `commandFailed` / `disabled` and
    /// changes nothing; enabling it again restores it. Both changes reach `remote` subscribers.
    @Test func disabledCommandFailsAndChangesNothing() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        let watcher = try daemon.client()
        _ = try watcher.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.remote]))
        _ = try client.call(
            Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("tone440.mp3"), Fixtures.path("steps.mp3")], startIndex: 0))
        _ = try client.call(Methods.RemoteSetEnabled.self, RemoteSetEnabledParams(command: .nextTrack, enabled: false))
        let event = try watcher.nextEvent(timeout: 2)
        #expect(event?.method == "remote.changed")

        let run = Subprocess.capture([BuiltProducts.rondo, "--socket", daemon.socketPath, "next"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("commandFailed") && run.stderr.contains("disabled"), "\(run.stderr)")
        let result = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .nextTrack))
        #expect(result == RemoteSendResult(status: .commandFailed, reason: .disabled))
        #expect(try client.call(Methods.QueueGet.self, QueueGetParams()).index == 0)
        let listed = try client.call(Methods.RemoteList.self, Empty()).first { $0.command == .nextTrack }
        #expect(listed?.enabled == false)

        _ = try client.call(Methods.RemoteSetEnabled.self, RemoteSetEnabledParams(command: .nextTrack, enabled: true))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .nextTrack)).status == .success)
        #expect(try client.call(Methods.QueueGet.self, QueueGetParams()).index == 1)
    }

    /// `rondo rate` four times from 1.0 walks 1.5, 2.0, 0.5, 1.0, and the now-playing
    /// `playbackRate` agrees each time while a 440 Hz tone is still heard at 440 Hz ± 3 %.
    @Test func rateCycleIsHeardAtPitch() throws {
        let bench = try AudioTestBench()
        try bench.queue("tone440.mp3")
        try bench.send(.play)
        for expected in [1.5, 2.0, 0.5, 1.0] {
            let run = Subprocess.capture([BuiltProducts.rondo, "--socket", bench.daemon.socketPath, "rate"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try bench.nowPlaying().info.playbackRate == expected)
            Thread.sleep(forTimeInterval: 0.15)
            let heard = SignalAnalysis.dominantFrequency(bench.monitor.listen(for: 0.4))
            #expect(abs(heard - 440) <= 440 * 0.03, "at rate \(expected) heard \(heard) Hz")
        }
    }

    /// At rate 2.0 a 5 s track plays in half the time: the queue ends after about 2.5 s.
    @Test func doubleRateHalvesTheTime() throws {
        let bench = try AudioTestBench()
        try bench.queue("tone440.mp3")
        _ = try bench.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changePlaybackRate, playbackRate: 2.0))
        let start = Date()
        try bench.send(.play)
        let ended = try bench.wait(upTo: 6) { try bench.nowPlaying().playbackState == .stopped }
        let took = Date().timeIntervalSince(start)
        #expect(ended)
        #expect(abs(took - 2.5) < 0.3, "took \(took) s")
    }

    /// An unsupported rate is refused and the rate stays.
    @Test func unsupportedRateIsRefused() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        let result = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changePlaybackRate, playbackRate: 3.0))
        #expect(result.status == .commandFailed)
        #expect(try client.call(Methods.RemoteList.self, Empty()).first { $0.command == .changePlaybackRate }?.currentPlaybackRate == 1.0)
    }

    /// Repeat cycles off → all → one → off and shuffle off → items → collections → off; the
    /// queue reports both.
    @Test func modesCycle() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        var repeats: [RepeatTypeName] = []
        var shuffles: [ShuffleTypeName] = []
        for _ in 0..<3 {
            _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changeRepeatMode))
            _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changeShuffleMode))
            let queue = try client.call(Methods.QueueGet.self, QueueGetParams())
            repeats.append(queue.repeat)
            shuffles.append(queue.shuffle)
        }
        #expect(repeats == [.all, .one, .off])
        #expect(shuffles == [.items, .collections, .off])
    }
}
