import Playback
import Testing

/// Items on three albums, in album order: `/x/1…3`, `/y/1…2`, `/z/1…4`.
private let albums: [MediaItem] = [("x", 3), ("y", 2), ("z", 4)].flatMap { (album: String, count: Int) in
    (1...count).map { MediaItem(location: "/\(album)/\($0)", collection: album) }
}

@Suite struct PlayOrderTests {
    /// Unshuffled, the play order is queue order and follows moves.
    @Test func unshuffledFollowsQueue() throws {
        var rig = PlayerRig(count: 4)
        #expect(rig.queue.order == [0, 1, 2, 3])
        _ = try rig.move(0, to: 3)
        #expect(rig.queue.order == [0, 1, 2, 3])
        #expect(rig.queue.followsQueueOrder)
    }

    /// Switching shuffle on keeps the current entry current and makes it first of the new
    /// order; the queue itself does not move. The queue republishes, the output gets the new
    /// next entry, and `remote.changed` announces `currentShuffleType`.
    @Test(arguments: [ShuffleMode.items, .collections])
    func switchingOnKeepsCurrentFirst(mode: ShuffleMode) throws {
        var rig = try PlayerRig(count: 8, current: 5, state: .playing, seed: 3)
        rig.advance(30)
        let before = rig.queue.entries
        let outcome = rig.send(.changeShuffleMode(mode))
        #expect(rig.queue.entries == before)
        #expect(rig.queue.currentIndex == 5)
        #expect(rig.queue.order.first == 5)
        #expect(Set(rig.queue.order) == Set(0..<8))
        let next = rig.entry(rig.queue.order[1])
        #expect(outcome == CommandOutcome(.success, [.prepareNext(next), .queueChanged], remoteEffects: [.remoteChanged]))
        #expect(rig.elapsed == 30)
        #expect(rig.player.shuffleMode == mode)
    }

    /// Switching shuffle off goes back to queue order, the current entry staying current.
    @Test func switchingOffRestoresQueueOrder() throws {
        var rig = try PlayerRig(count: 6, current: 2, state: .playing, seed: 9)
        _ = rig.send(.changeShuffleMode(.items))
        _ = rig.send(.nextTrack)
        let current = rig.queue.currentIndex
        _ = rig.send(.changeShuffleMode(.off))
        #expect(rig.queue.order == Array(0..<6))
        #expect(rig.queue.currentIndex == current)
        #expect(rig.queue.followsQueueOrder)
    }

    /// Without a value `changeShuffleMode` cycles off → items → collections → off, and
    /// `changeRepeatMode` cycles off → all → one → off.
    @Test func modeCycles() {
        var rig = PlayerRig(count: 3)
        var shuffles: [ShuffleMode] = []
        var repeats: [RepeatMode] = []
        for _ in 0..<3 {
            _ = rig.send(.changeShuffleMode(nil))
            shuffles.append(rig.player.shuffleMode)
            _ = rig.send(.changeRepeatMode(nil))
            repeats.append(rig.player.repeatMode)
        }
        #expect(shuffles == [.items, .collections, .off])
        #expect(repeats == [.all, .one, .off])
    }

    /// Setting the mode already in force succeeds without effects and keeps the order.
    @Test func sameModeChangesNothing() throws {
        var rig = try PlayerRig(count: 5, current: 0, state: .playing)
        _ = rig.send(.changeShuffleMode(.items))
        let order = rig.queue.order
        #expect(rig.send(.changeShuffleMode(.items)) == CommandOutcome(.success))
        #expect(rig.send(.changeRepeatMode(.off)) == CommandOutcome(.success))
        #expect(rig.queue.order == order)
    }

    /// `changeRepeatMode` re-announces the next entry, republishes the queue (which shows the
    /// mode) and announces `currentRepeatType`.
    @Test func changeRepeatModeEffects() throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .paused)
        #expect(
            rig.send(.changeRepeatMode(.all))
                == CommandOutcome(
                    .success, [.prepareNext(rig.entry(0)), .queueChanged], remoteEffects: [.remoteChanged]))
    }

    /// Collections shuffle opens with the current entry and the rest of its album; the part
    /// of that album before it plays later as a group of its own; every album keeps its order.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func collectionsSplitCurrentAlbum(seed: UInt64) throws {
        var rig = PlayerRig(seed: seed)
        _ = rig.append(items: albums)
        _ = try rig.playIndex(6)
        _ = rig.send(.changeShuffleMode(.collections))
        let order = rig.playOrderLocations
        #expect(order.prefix(3) == ["/z/2", "/z/3", "/z/4"])
        #expect(order.filter { $0.hasPrefix("/x/") } == ["/x/1", "/x/2", "/x/3"])
        #expect(order.filter { $0.hasPrefix("/y/") } == ["/y/1", "/y/2"])
        let x = order.firstIndex(of: "/x/1")!
        #expect(order[x..<(x + 3)] == ["/x/1", "/x/2", "/x/3"])
        #expect(order.contains("/z/1"))
    }

    /// Without a queued collection, the album the tags name groups entries; entries without
    /// either stand alone.
    @Test func collectionsFromTags() throws {
        var rig = PlayerRig(count: 6, seed: 4)
        for index in 0..<4 {
            _ = rig.setMetadata(TrackMetadata(artist: "A", albumTitle: index < 2 ? "One" : "Two"), for: rig.entry(index).id)
        }
        _ = rig.send(.changeShuffleMode(.collections))
        let order = rig.queue.order
        let one = order.firstIndex(of: 0)!
        let two = order.firstIndex(of: 2)!
        #expect(order[one + 1] == 1)
        #expect(order[two + 1] == 3)
    }

    /// Playing an index keeps the shuffled order and goes on from the entry's place in it.
    @Test func playIndexKeepsOrder() throws {
        var rig = PlayerRig(count: 6, seed: 5)
        _ = rig.send(.changeShuffleMode(.items))
        let order = rig.queue.order
        _ = try rig.playIndex(order[3])
        #expect(rig.queue.order == order)
        _ = rig.send(.nextTrack)
        #expect(rig.queue.currentIndex == order[4])
    }

    /// `play` with nothing current starts at the first entry of the shuffled order.
    @Test func playStartsAtFirstOfOrder() {
        var rig = PlayerRig(count: 6, seed: 6)
        _ = rig.send(.changeShuffleMode(.items))
        let first = rig.queue.order[0]
        _ = rig.send(.play)
        #expect(rig.queue.currentIndex == first)
    }
}
