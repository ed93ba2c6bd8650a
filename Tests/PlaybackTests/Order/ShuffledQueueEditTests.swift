import Playback
import Testing

/// A rig playing entry 0 of `count` entries with items shuffle on.
private func shuffledRig(_ count: Int, seed: UInt64 = 11) throws -> PlayerRig {
    var rig = try PlayerRig(count: count, current: 0, state: .playing, seed: seed)
    _ = rig.send(.changeShuffleMode(.items))
    return rig
}

@Suite struct ShuffledQueueEditTests {
    /// Appended entries join the end of the play order, after everything already planned,
    /// shuffled among themselves.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func appendGoesToTheEnd(seed: UInt64) throws {
        var rig = try shuffledRig(5, seed: seed)
        let before = rig.queue.order
        let effects = rig.append((0..<6).map { "/new/\($0)" })
        #expect(Array(rig.queue.order.prefix(5)) == before)
        #expect(Set(rig.queue.order.suffix(6)) == Set(5..<11))
        #expect(effects == [.prepareNext(rig.entry(before[1])), .queueChanged, .nowPlayingChanged])
    }

    /// Under collections shuffle appended albums stay together in their order.
    @Test func appendKeepsAlbumsTogether() throws {
        var rig = try shuffledRig(2)
        _ = rig.send(.changeShuffleMode(.collections))
        _ = rig.append(items: (1...3).map { MediaItem(location: "/a/\($0)", collection: "a") } + [MediaItem(location: "/b")])
        let order = rig.playOrderLocations
        let a = order.firstIndex(of: "/a/1")!
        #expect(order[a..<(a + 3)] == ["/a/1", "/a/2", "/a/3"])
        #expect(a >= 2)
    }

    /// Removing the current entry moves on to the entry after it in play order.
    @Test func removeCurrentFollowsPlayOrder() throws {
        var rig = try shuffledRig(6)
        _ = rig.send(.nextTrack)
        let order = rig.queue.order
        let position = try #require(rig.queue.currentOrderPosition)
        let following = rig.entry(order[position + 1])
        _ = try rig.remove(try #require(rig.queue.currentIndex))
        #expect(rig.queue.current == following)
        #expect(rig.state == .playing)
    }

    /// Removing another entry drops it from the play order and keeps the rest in order.
    @Test func removeKeepsOrder() throws {
        var rig = try shuffledRig(6)
        let ids = rig.queue.playOrder
        let victim = ids[3]
        _ = try rig.remove(try #require(rig.queue.index(of: victim)))
        #expect(rig.queue.playOrder == ids.filter { $0 != victim })
    }

    /// Moving entries in the queue leaves a shuffled play order alone.
    @Test func moveKeepsShuffledOrder() throws {
        var rig = try shuffledRig(6)
        let ids = rig.queue.playOrder
        _ = try rig.move(0, to: 5)
        _ = try rig.move(2, to: 1)
        #expect(rig.queue.playOrder == ids)
        #expect(!rig.queue.followsQueueOrder)
    }

    /// Clearing keeps the shuffle mode; a new queue is shuffled.
    @Test func clearKeepsMode() throws {
        var rig = try shuffledRig(3)
        _ = rig.clear()
        #expect(rig.player.shuffleMode == .items)
        #expect(rig.queue.playOrder.isEmpty)
        _ = rig.append(PlayerRig.paths(30))
        #expect(rig.queue.order != Array(0..<30))
    }

    /// Replacing while shuffled draws a new order that opens with the start entry, or, with
    /// `play` and no start entry, starts at the first entry of the new order.
    @Test func replaceWhileShuffled() throws {
        var rig = try shuffledRig(3)
        _ = try rig.replace(PlayerRig.paths(10), startIndex: 7, play: true)
        #expect(rig.queue.order.first == 7)
        #expect(rig.queue.currentIndex == 7)
        _ = try rig.replace(PlayerRig.paths(10), play: true)
        #expect(rig.queue.currentIndex == rig.queue.order.first)
        #expect(rig.player.history.isEmpty)
    }
}
