import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Synchronization
import Testing

/// `queue.append` with `play`: the items appended and the one played in one request, as
/// `rondo play URL` and MPRIS `OpenUri` send it (the null output: nothing here depends on
/// what the audio server does).
@Suite(.sameOnEveryAudioServer("queue edits and the item made current, on the null output"))
struct AppendAndPlayTests {
    private func daemon() throws -> (DaemonProcess, RondoClient) {
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"])
        return (daemon, try daemon.client())
    }

    /// Appended with `play`, the item at `startIndex` among those appended plays, after
    /// what the queue held.
    @Test func theAppendedItemAtStartIndexPlays() throws {
        let (daemon, client) = try daemon()
        defer { _ = daemon.stop() }
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3")], play: true))
        let appended = [Fixtures.path("tone440.mp3"), Fixtures.path("tone660-mono48k.mp3")]
        let result = try client.call(Methods.QueueAppend.self, QueueItemsParams(items: appended, startIndex: 1, play: true))
        #expect(result.count == 3)
        let queue = try client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(queue.index == 2)
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == .playing)
    }

    /// `startIndex` without `play`, or outside the items appended, is refused and appends nothing.
    @Test func aStartIndexThatCannotApplyIsRefused() throws {
        let (daemon, client) = try daemon()
        defer { _ = daemon.stop() }
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3")]))
        for params in [
            QueueItemsParams(items: [Fixtures.path("tone440.mp3")], startIndex: 0),
            QueueItemsParams(items: [Fixtures.path("tone440.mp3")], startIndex: 1, play: true),
            QueueItemsParams(items: [Fixtures.path("tone440.mp3")], startIndex: -1, play: true),
        ] {
            do {
                _ = try client.call(Methods.QueueAppend.self, params)
                Issue.record("\(params) was accepted")
            } catch {
                guard case .rpc(let reply) = error else { throw error }
                #expect(reply.data?.code == .badParam, "\(reply)")
            }
        }
        #expect(try client.call(Methods.QueueGet.self, QueueGetParams()).count == 1)
    }

    /// Two clients appending and playing at once each play their own item: the index each
    /// played (the queue's count in its reply, less one) holds its own file, in 200 races.
    @Test func racingClientsEachPlayTheirOwnItem() throws {
        let (daemon, _) = try daemon()
        defer { _ = daemon.stop() }
        let first = try daemon.client()
        let files = [Fixtures.path("tone440.mp3"), Fixtures.path("tone660-mono48k.mp3")]
        for _ in 0..<200 {
            let counts = Mutex<[Int]>([0, 0])
            let done = DispatchGroup()
            for side in 0..<2 {
                done.enter()
                Thread.detachNewThread {
                    defer { done.leave() }
                    let client = try? daemon.client()
                    let count = try? client?.call(Methods.QueueAppend.self, QueueItemsParams(items: [files[side]], play: true)).count
                    counts.withLock { $0[side] = count ?? -1 }
                }
            }
            done.wait()
            let (a, b) = counts.withLock { ($0[0], $0[1]) }
            #expect(a > 0 && b > 0 && a != b, "replies \(a) and \(b)")
            let queue = try first.call(Methods.QueueGet.self, QueueGetParams(offset: min(a, b) - 1, limit: 2))
            let played = Dictionary(uniqueKeysWithValues: queue.items.map { ($0.position, $0.assetURL) })
            #expect(played[a - 1]?.hasSuffix("tone440.mp3") == true && played[b - 1]?.hasSuffix("tone660-mono48k.mp3") == true)
            #expect([a - 1, b - 1].contains(try first.call(Methods.QueueGet.self, QueueGetParams(limit: 0)).index ?? -1))
        }
    }
}
