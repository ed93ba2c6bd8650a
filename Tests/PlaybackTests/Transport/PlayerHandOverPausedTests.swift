import Playback
import Testing

/// An item that hands over paused when it ends (MPD's `single oneshot`): the next entry
/// waits at its start, paused, and nothing of it is pre-rolled meanwhile.
@Suite struct PlayerHandOverPausedTests {
    /// Turning it on withdraws the pre-roll; the next entry is still the one that follows.
    @Test func turningItOnWithdrawsThePreRoll() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        #expect(rig.player.setPausesAtItemEnd(true) == [.prepareNext(nil)])
        #expect(rig.player.automaticNext == rig.entry(1))
        #expect(rig.player.prerolledNext == nil)
        #expect(rig.player.setPausesAtItemEnd(false) == [.prepareNext(rig.entry(1))])
        var stopped = PlayerRig(count: 2)
        #expect(stopped.player.setPausesAtItemEnd(true) == [])
        #expect(stopped.player.pausesAtItemEnd)
    }

    /// At the item's end the next entry becomes current, loaded paused at 0, and the
    /// hand-over is spent: the entry after it is pre-rolled again.
    @Test func theNextEntryWaitsPausedAtItsStart() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        _ = rig.player.setPausesAtItemEnd(true)
        rig.advance(180)
        let effects = rig.report(.reachedEnd)
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(1), position: 0, playing: false), .prepareNext(rig.entry(2)), .nowPlayingChanged,
            ])
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.state == .paused)
        #expect(rig.elapsed == 0)
        #expect(!rig.player.pausesAtItemEnd)
        rig.advance(5)
        #expect(rig.elapsed == 0)
    }

    /// A pre-roll the output had begun before the hand-over was asked for is not heard
    /// playing: the entry it advanced to is loaded again, paused at its start.
    @Test func anAdvanceAlreadyUnderWayAlsoPauses() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        _ = rig.player.setPausesAtItemEnd(true)
        let effects = rig.report(.advanced(to: rig.entry(1).id))
        #expect(effects.contains(.load(rig.entry(1), position: 0, playing: false)))
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.state == .paused)
        #expect(!rig.player.pausesAtItemEnd)
    }

    /// With nothing to follow the queue stops as it would, and the hand-over stays asked
    /// for, as MPD keeps `oneshot` until a song starts.
    @Test func atTheQueuesEndItStopsAndStaysOn() throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .playing)
        _ = rig.player.setPausesAtItemEnd(true)
        #expect(rig.report(.reachedEnd) == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
        #expect(rig.player.pausesAtItemEnd)
    }

    /// With repeat all the queue's first entry follows the last one, paused; with repeat
    /// one the item itself waits at its start.
    @Test func theRepeatModesChooseWhatWaits() throws {
        var all = try PlayerRig(count: 3, current: 2, state: .playing)
        _ = all.setRepeatMode(.all)
        _ = all.player.setPausesAtItemEnd(true)
        _ = all.report(.reachedEnd)
        #expect(all.queue.currentIndex == 0)
        #expect(all.state == .paused)
        var one = try PlayerRig(count: 3, current: 1, state: .playing)
        _ = one.setRepeatMode(.one)
        _ = one.player.setPausesAtItemEnd(true)
        one.advance(30)
        _ = one.report(.reachedEnd)
        #expect(one.queue.currentIndex == 1)
        #expect(one.state == .paused)
        #expect(one.elapsed == 0)
    }
}
