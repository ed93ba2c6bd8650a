import Playback
import Testing

/// Transport states a loaded-or-not entry can be left in by the public API.
private let allStates: [PlaybackState] = [.playing, .paused, .stopped]

/// `playIndex`: jumping to an entry of the queue.
@Suite struct PlayerPlayIndexTests {
    /// Playing an index starts that entry from its beginning, whatever the transport did.
    @Test(arguments: allStates)
    func playIndexStartsEntry(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 4, current: 0, state: state)
        rig.advance(25)
        let effects = try rig.playIndex(2)
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(2), position: 0, playing: true),
                .prepareNext(rig.entry(3)), .nowPlayingChanged,
            ])
        #expect(rig.state == .playing)
        #expect(rig.queue.currentIndex == 2)
        #expect(rig.elapsed == 0)
        rig.advance(4)
        #expect(rig.elapsed == 4)
    }

    /// Playing the last index pre-rolls nothing with repeat off.
    @Test func playIndexLast() throws {
        var rig = PlayerRig(count: 3)
        #expect(
            try rig.playIndex(2) == [
                .queueChanged, .load(rig.entry(2), position: 0, playing: true), .prepareNext(nil),
                .nowPlayingChanged,
            ])
    }

    /// Playing the current index again restarts it from the beginning.
    @Test func playIndexOfCurrentRestarts() throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .playing)
        rig.advance(50)
        let effects = try rig.playIndex(1)
        #expect(effects.contains(.load(rig.entry(1), position: 0, playing: true)))
        #expect(rig.elapsed == 0)
    }

    /// Playing an index that does not exist throws and leaves the player as it was.
    @Test(arguments: [-1, 3, 1000])
    func playIndexOutOfRangeThrows(index: Int) throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .paused)
        let before = rig.snapshot
        #expect(throws: PlaybackError.indexOutOfRange(index, count: 3)) { try rig.playIndex(index) }
        #expect(rig.snapshot == before)
    }

    /// Playing an index in an empty queue throws.
    @Test func playIndexInEmptyQueueThrows() {
        var rig = PlayerRig()
        #expect(throws: PlaybackError.indexOutOfRange(0, count: 0)) { try rig.playIndex(0) }
        #expect(rig.state == .stopped)
    }

    /// Playing an entry the output reported as undecodable gives it another chance: it loads,
    /// and it is pre-rolled again afterwards.
    @Test func playIndexReadmitsFailedEntry() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        #expect(rig.report(.failed(rig.entry(1).id)) == [.prepareNext(rig.entry(2))])
        let effects = try rig.playIndex(1)
        #expect(effects.contains(.load(rig.entry(1), position: 0, playing: true)))
        #expect(
            try rig.playIndex(0) == [
                .queueChanged, .load(rig.entry(0), position: 0, playing: true),
                .prepareNext(rig.entry(1)), .nowPlayingChanged,
            ])
    }
}
