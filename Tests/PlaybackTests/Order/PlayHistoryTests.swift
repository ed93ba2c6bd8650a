import Playback
import Testing

@Suite struct PlayHistoryTests {
    /// Under shuffle, `previousTrack` walks back through the entries actually played, in
    /// reverse, and `nextTrack` then goes forward again through the play order.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func previousWalksBackThroughPlayed(seed: UInt64) throws {
        var rig = try PlayerRig(count: 8, current: 0, state: .playing, seed: seed)
        _ = rig.send(.changeShuffleMode(.items))
        var played = [rig.queue.currentIndex!]
        for _ in 0..<4 {
            _ = rig.send(.nextTrack)
            played.append(rig.queue.currentIndex!)
        }
        for expected in played.dropLast().reversed() {
            _ = rig.send(.previousTrack)
            #expect(rig.queue.currentIndex == expected)
        }
        _ = rig.send(.nextTrack)
        #expect(rig.queue.currentIndex == played[1])
    }

    /// After a jump, `previousTrack` goes back to where the jump came from, not to the entry
    /// before the target in queue order.
    @Test func previousAfterJump() throws {
        var rig = try PlayerRig(count: 6, current: 1, state: .playing)
        _ = try rig.playIndex(4)
        _ = rig.send(.previousTrack)
        #expect(rig.queue.currentIndex == 1)
        _ = rig.send(.previousTrack)
        #expect(rig.queue.currentIndex == 0)
    }

    /// Entries that leave the queue leave the history; the walk back skips them.
    @Test func removedEntriesLeaveHistory() throws {
        var rig = try PlayerRig(count: 5, current: 0, state: .playing)
        _ = try rig.playIndex(3)
        _ = try rig.playIndex(2)
        _ = try rig.remove(3)
        #expect(rig.player.history == [rig.entry(0).id])
        _ = rig.send(.previousTrack)
        #expect(rig.queue.currentIndex == 0)
    }

    /// Automatic advances and failures join the history; repeat one does not repeat entries
    /// in it.
    @Test func advancesJoinHistory() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        _ = rig.report(.advanced(to: rig.entry(1).id))
        _ = rig.setRepeatMode(.one)
        _ = rig.report(.advanced(to: rig.entry(1).id))
        #expect(rig.player.history == [rig.entry(0).id])
    }

    /// The history never grows past its limit.
    @Test func historyIsBounded() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        _ = rig.send(.changeRepeatMode(.all))
        for _ in 0..<(Player.historyLimit + 10) { _ = rig.send(.nextTrack) }
        #expect(rig.player.history.count == Player.historyLimit)
    }
}
