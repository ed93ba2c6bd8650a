import Playback
import Testing

/// Priorities (MPD's `prio`): under shuffle, entries of a higher priority play before the
/// rest of what is left, as MPD orders them.
@Suite struct PlayPriorityTests {
    /// The play order after the current entry, by queue index.
    static func upcoming(_ rig: PlayerRig) -> [Int] {
        let order = rig.queue.playOrder
        let start = (rig.queue.currentOrderPosition ?? -1) + 1
        return order[start...].map { rig.queue.index(of: $0)! }
    }

    /// Without shuffle a priority is kept and shown, and the order stays the queue's.
    @Test func inQueueOrderAPriorityMovesNothing() throws {
        var rig = try PlayerRig(count: 5, current: 0, state: .playing)
        #expect(rig.player.setPriority(9, of: [rig.entry(3).id]) == [.prepareNext(rig.entry(1)), .queueChanged])
        #expect(rig.player.priority(of: rig.entry(3).id) == 9)
        #expect(Self.upcoming(rig) == [1, 2, 3, 4])
        #expect(rig.player.setPriority(9, of: [rig.entry(3).id]) == [])
        #expect(rig.player.setPriority(0, of: [rig.entry(3).id]).contains(.queueChanged))
        #expect(rig.player.entryPriorities.isEmpty)
    }

    /// Under shuffle a raised entry plays right after the current one, after any entry of
    /// a higher priority, and before those of its own priority raised earlier.
    @Test func underShuffleTheRaisedPlayNextByPriority() throws {
        var rig = try PlayerRig(count: 8, current: 0, state: .playing, seed: 7)
        _ = rig.send(.changeShuffleMode(.items))
        let left = Self.upcoming(rig)
        let (a, b, c) = (left[5], left[3], left[6])
        _ = rig.player.setPriority(5, of: [rig.entry(a).id])
        #expect(Self.upcoming(rig).first == a)
        #expect(rig.player.automaticNext == rig.entry(a))
        _ = rig.player.setPriority(9, of: [rig.entry(b).id])
        #expect(Array(Self.upcoming(rig).prefix(2)) == [b, a])
        _ = rig.player.setPriority(5, of: [rig.entry(c).id])
        #expect(Array(Self.upcoming(rig).prefix(3)) == [b, c, a])
        #expect(Set(Self.upcoming(rig)) == Set(left))
    }

    /// An entry already played comes back only when raised above the current entry's
    /// priority; the current entry itself stays where it is.
    @Test func aPlayedEntryComesBackOnlyAboveTheCurrent() throws {
        var rig = try PlayerRig(count: 6, current: 0, state: .playing, seed: 3)
        _ = rig.send(.changeShuffleMode(.items))
        _ = rig.send(.nextTrack)
        _ = rig.send(.nextTrack)
        let played = rig.queue.playOrder[0]
        let current = try #require(rig.queue.current?.id)
        _ = rig.player.setPriority(4, of: [current])
        #expect(rig.queue.current?.id == current)
        _ = rig.player.setPriority(3, of: [played])
        #expect(rig.queue.playOrder[0] == played)
        _ = rig.player.setPriority(5, of: [played])
        #expect(rig.player.automaticNext?.id == played)
    }

    /// A new shuffle plays the prioritised entries first, highest first, the current
    /// entry still opening the order.
    @Test func aNewShufflePlaysThePrioritisedFirst() throws {
        var rig = try PlayerRig(count: 10, current: 2, state: .playing, seed: 11)
        _ = rig.player.setPriority(3, of: [rig.entry(7).id, rig.entry(4).id])
        _ = rig.player.setPriority(8, of: [rig.entry(9).id])
        _ = rig.send(.changeShuffleMode(.items))
        #expect(rig.queue.playOrder.first == rig.entry(2).id)
        #expect(Array(Self.upcoming(rig).prefix(3)).first == 9)
        #expect(Set(Self.upcoming(rig).prefix(3)) == [9, 7, 4])
    }

    /// Entries no longer queued are passed over, and their priorities forgotten.
    @Test func entriesNoLongerQueuedAreForgotten() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        let gone = rig.entry(2).id
        _ = rig.player.setPriority(4, of: [gone])
        _ = try rig.remove(2)
        #expect(rig.player.setPriority(4, of: [gone, 999]) == [])
        #expect(rig.player.entryPriorities.isEmpty)
    }
}
