import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// Playback state survives restarts (issue: state that survives): the queue, index, modes,
/// rate and position are in the database, restored paused.
@Suite(.sameOnEveryAudioServer("what the database holds and restores"))
struct StateRestoreTests {
    /// `kill -9` of a playing daemon, then a restart on the same database: the same queue,
    /// current index, repeat, shuffle and rate, paused, with the position within 1 s of where
    /// it was killed.
    @Test func killedWhilePlayingRestoresEverything() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let first = try DaemonProcess(pulseServer: pulse.server)
        let client = try first.client()
        let items = ["tone440.mp3", "steps.mp3", "short-a.mp3"].map(Fixtures.path)
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: items, startIndex: 1, play: true))
        for params in [
            RemoteSendParams(command: .changeRepeatMode, repeatType: .all),
            RemoteSendParams(command: .changePlaybackRate, playbackRate: 1.5),
            RemoteSendParams(command: .like),
        ] {
            #expect(try client.call(Methods.RemoteSend.self, params).status == .success)
        }
        // Far enough in that a restore from the start would be told from one where it was.
        #expect(try eventually(within: 10) { try (client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime ?? 0) > 2 })
        let before = try client.call(Methods.NowPlayingGet.self)
        let killedAt = Date().timeIntervalSince1970
        first.kill()
        let expected = try #require(before.info.elapsedPlaybackTime) + (killedAt - before.info.timestamp!) * 1.5

        let second = try DaemonProcess(pulseServer: pulse.server, restarting: first)
        let again = try second.client()
        let state = try again.call(Methods.NowPlayingGet.self)
        #expect(state.playbackState == .paused)
        #expect(state.info.playbackQueueIndex == 1)
        #expect(state.info.title == "Steps")
        let elapsed = try #require(state.info.elapsedPlaybackTime)
        #expect(abs(elapsed - expected) <= 1.0, "restored at \(elapsed) s, killed at \(expected) s")

        let queue = try again.call(Methods.QueueGet.self, QueueGetParams())
        #expect(queue.items.map(\.assetURL) == items.map { URL(fileURLWithPath: $0).absoluteString })
        #expect(queue.repeat == .all)
        let commands = try again.call(Methods.RemoteList.self, Empty())
        #expect(commands.first { $0.command == .changePlaybackRate }?.currentPlaybackRate == 1.5)
        #expect(commands.first { $0.command == .like }?.isActive == true)

        #expect(try again.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(try again.call(Methods.NowPlayingGet.self).info.playbackRate == 1.5)
    }

    /// A clean stop (SIGTERM) keeps the paused position exactly.
    @Test func stoppedDaemonKeepsThePausedPosition() throws {
        let first = try DaemonProcess(pulseServer: nil)
        let client = try first.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("steps.mp3")], startIndex: 0))
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changePlaybackPosition, positionTime: 6.5))
        #expect(first.stop() == 0)

        let second = try DaemonProcess(pulseServer: nil, restarting: first)
        let state = try second.client().call(Methods.NowPlayingGet.self)
        #expect(state.info.elapsedPlaybackTime == 6.5)
        #expect(state.info.playbackQueueCount == 1)
    }
}
