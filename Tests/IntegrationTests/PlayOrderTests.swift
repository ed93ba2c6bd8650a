import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// Shuffle and repeat through the real daemon: the play order it walks with `nextTrack`.
@Suite
struct PlayOrderTests {
    /// The queue indexes `nextTrack` visits, starting with the current one, for `steps` steps.
    private func walk(_ client: RondoClient, steps: Int) throws -> [Int] {
        var visited: [Int] = []
        for _ in 0..<steps {
            visited.append(try #require(try client.call(Methods.NowPlayingGet.self).info.playbackQueueIndex))
            _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .nextTrack))
        }
        return visited
    }

    /// Shuffling 50 queued items plays each exactly once per cycle, starting with the item
    /// that was current; with repeat all the next cycle is again a permutation, in another order.
    @Test func shuffledItemsPlayOncePerCycle() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        let items = Array(repeating: Fixtures.path("short-a.mp3"), count: 50)
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: items, startIndex: 7))
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changeRepeatMode, repeatType: .all))
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changeShuffleMode, shuffleType: .items))

        let first = try walk(client, steps: 50)
        let second = try walk(client, steps: 50)
        #expect(first.first == 7)
        #expect(first.sorted() == Array(0..<50))
        #expect(second.sorted() == Array(0..<50))
        #expect(first != Array(0..<50) && first != second, "the orders look unshuffled")
    }

    /// `previousTrack` (within the first 3 s) walks back through what was actually played.
    @Test func previousWalksBackThroughHistory() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        let items = Array(repeating: Fixtures.path("short-a.mp3"), count: 20)
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: items, startIndex: 0))
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .changeShuffleMode, shuffleType: .items))
        let forward = try walk(client, steps: 6)
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .previousTrack))
        var backward: [Int] = []
        for _ in 0..<5 {
            _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .previousTrack))
            backward.append(try #require(try client.call(Methods.NowPlayingGet.self).info.playbackQueueIndex))
        }
        #expect(backward == Array(forward.dropLast().reversed()))
    }

    /// Without repeat, `nextTrack` at the end of the order stops with `noSuchContent`.
    @Test func endOfOrderWithoutRepeat() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        _ = try client.call(
            Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("short-a.mp3"), Fixtures.path("short-b.mp3")], startIndex: 1))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .nextTrack)).status == .noSuchContent)
    }
}
