import Playback
import Testing

@Suite struct PlayerReportTests {
    // MARK: resumeFailed

    /// A resume the output could not carry out loads the current entry again from where it
    /// was, playing, and prepares the entry after it again; with nothing current, nothing.
    @Test func aFailedResumeLoadsTheCurrentEntryAgain() throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .paused)
        rig.advance(5)
        let elapsed = rig.elapsed
        #expect(rig.report(.resumeFailed) == [.load(rig.entry(1), position: elapsed, playing: true), .prepareNext(rig.entry(2))])
        var empty = PlayerRig(count: 2)
        #expect(empty.report(.resumeFailed) == [])
    }

    // MARK: advanced

    /// When the output advances to the pre-rolled next entry, it becomes current from 0 and
    /// the entry after it is pre-rolled; nothing is reloaded.
    @Test func advancedToExpectedNext() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        rig.advance(180)
        let effects = rig.report(.advanced(to: rig.entry(1).id))
        #expect(effects == [.prepareNext(rig.entry(2)), .queueChanged, .nowPlayingChanged])
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 0)
        rig.advance(3)
        #expect(rig.elapsed == 3)
    }

    /// Advancing to the last entry pre-rolls nothing with repeat off.
    @Test func advancedToLast() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        #expect(rig.report(.advanced(to: rig.entry(1).id)) == [.prepareNext(nil), .queueChanged, .nowPlayingChanged])
    }

    /// With repeat all, advancing from the last entry to the first pre-rolls the second.
    @Test func advancedWrapsWithRepeatAll() throws {
        var rig = try PlayerRig(count: 3, current: 2, state: .playing)
        _ = rig.setRepeatMode(.all)
        #expect(
            rig.report(.advanced(to: rig.entry(0).id)) == [
                .prepareNext(rig.entry(1)), .queueChanged, .nowPlayingChanged,
            ])
        #expect(rig.queue.currentIndex == 0)
    }

    /// With repeat one, advancing to the same entry restarts it and pre-rolls it again.
    @Test func advancedRepeatOne() throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .playing)
        _ = rig.setRepeatMode(.one)
        rig.advance(200)
        let effects = rig.report(.advanced(to: rig.entry(1).id))
        #expect(effects == [.prepareNext(rig.entry(1)), .queueChanged, .nowPlayingChanged])
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.elapsed == 0)
    }

    /// When the output advances to an entry the queue no longer wants next (the queue was
    /// edited after it pre-rolled), the wanted entry is loaded instead.
    @Test func advancedToStaleEntryLoadsWantedEntry() throws {
        var rig = try PlayerRig(count: 4, current: 0, state: .playing)
        let stale = rig.entry(1)
        _ = try rig.move(1, to: 3)
        let wanted = rig.entry(1)
        #expect(wanted.location == "/music/track2.mp3")
        rig.advance(100)
        let effects = rig.report(.advanced(to: stale.id))
        #expect(
            effects == [
                .queueChanged, .load(wanted, position: 0, playing: true), .prepareNext(rig.entry(2)),
                .nowPlayingChanged,
            ])
        #expect(rig.queue.current == wanted)
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 0)
    }

    /// Advancing to an entry that was removed from the queue also loads the wanted entry.
    @Test func advancedToRemovedEntry() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        let removed = rig.entry(1)
        _ = try rig.remove(1)
        let effects = rig.report(.advanced(to: removed.id))
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(1), position: 0, playing: true), .prepareNext(nil),
                .nowPlayingChanged,
            ])
        #expect(rig.queue.currentIndex == 1)
    }

    /// Advancing to a stale entry when nothing should follow stops at the end.
    @Test func advancedToStaleEntryAtEndStops() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        let removed = rig.entry(1)
        _ = try rig.remove(1)
        #expect(rig.report(.advanced(to: removed.id)) == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
    }

    /// An `advanced` report while nothing is loaded is ignored.
    @Test func advancedWhileStoppedIsIgnored() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .stopped)
        let before = rig.snapshot
        #expect(rig.report(.advanced(to: rig.entry(1).id)) == [])
        #expect(rig.snapshot == before)
    }

    // MARK: reachedEnd

    /// When the output has played everything, the player stops with nothing current.
    @Test(arguments: [PlaybackState.playing, .paused])
    func reachedEndStops(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 2, current: 1, state: state)
        rig.advance(300)
        #expect(rig.report(.reachedEnd) == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
        #expect(rig.queue.count == 2)
        #expect(rig.elapsed == 0)
        #expect(rig.info == nil)
    }

    /// A `reachedEnd` report while nothing is loaded is ignored.
    @Test func reachedEndWhileStoppedIsIgnored() throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .stopped)
        let before = rig.snapshot
        #expect(rig.report(.reachedEnd) == [])
        #expect(rig.snapshot == before)
    }

    // MARK: failed

    /// When the current entry cannot be decoded, the next one starts in the same transport
    /// state.
    @Test(arguments: [PlaybackState.playing, .paused])
    func failedCurrentSkipsToNext(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 3, current: 0, state: state)
        let effects = rig.report(.failed(rig.entry(0).id))
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(1), position: 0, playing: state == .playing),
                .prepareNext(rig.entry(2)), .nowPlayingChanged,
            ])
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.state == state)
    }

    /// A failed pre-rolled entry is replaced by the next playable one, and when the current
    /// entry then fails too, playback skips over both.
    @Test func failedSkipsEveryUnplayableEntry() throws {
        var rig = try PlayerRig(count: 4, current: 0, state: .playing)
        #expect(rig.report(.failed(rig.entry(1).id)) == [.prepareNext(rig.entry(2))])
        #expect(rig.report(.failed(rig.entry(2).id)) == [.prepareNext(rig.entry(3))])
        let effects = rig.report(.failed(rig.entry(0).id))
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(3), position: 0, playing: true), .prepareNext(nil),
                .nowPlayingChanged,
            ])
        #expect(rig.queue.currentIndex == 3)
    }

    /// When the current entry fails and nothing playable follows, the player stops.
    @Test func failedCurrentAtEndStops() throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .playing)
        _ = rig.report(.failed(rig.entry(2).id))
        #expect(rig.report(.failed(rig.entry(1).id)) == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
    }

    /// With repeat all, a failing current entry wraps to the first playable entry (which,
    /// being the only playable one left, follows itself), and a queue where everything failed
    /// stops.
    @Test func failedWithRepeatAll() throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .playing)
        _ = rig.setRepeatMode(.all)
        let effects = rig.report(.failed(rig.entry(1).id))
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(0), position: 0, playing: true),
                .prepareNext(rig.entry(0)), .nowPlayingChanged,
            ])
        #expect(rig.report(.failed(rig.entry(0).id)) == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
    }

    /// With repeat one, a failing current entry is not retried: the next entry plays.
    @Test func failedWithRepeatOne() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        _ = rig.setRepeatMode(.one)
        let effects = rig.report(.failed(rig.entry(0).id))
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(1), position: 0, playing: true),
                .prepareNext(rig.entry(1)), .nowPlayingChanged,
            ])
    }

    /// A failure reported while nothing is loaded changes no transport state, but the entry
    /// is skipped afterwards.
    @Test func failedWhileStoppedIsRemembered() throws {
        var rig = PlayerRig(count: 3)
        #expect(rig.report(.failed(rig.entry(0).id)) == [])
        #expect(rig.state == .stopped)
        let outcome = rig.send(.play)
        #expect(outcome.effects.contains(.load(rig.entry(1), position: 0, playing: true)))
        #expect(rig.queue.currentIndex == 1)
    }

    /// `play` with every entry unplayable has nothing actionable.
    @Test func playWithEveryEntryUnplayable() {
        var rig = PlayerRig(count: 2)
        _ = rig.report(.failed(rig.entry(0).id))
        _ = rig.report(.failed(rig.entry(1).id))
        #expect(rig.send(.play) == CommandOutcome(.noActionableNowPlayingItem))
        #expect(rig.state == .stopped)
    }

    // MARK: positionObserved

    /// An observed position re-anchors the elapsed time silently, and elapsed goes on from it.
    @Test func positionObservedReanchorsWhilePlaying() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(10)
        #expect(rig.report(.positionObserved(9.5)) == [])
        #expect(rig.elapsed == 9.5)
        rig.advance(2)
        #expect(rig.elapsed == 11.5)
        #expect(rig.state == .playing)
    }

    /// An observed position while paused moves the frozen position silently.
    @Test func positionObservedWhilePaused() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .paused)
        #expect(rig.report(.positionObserved(33)) == [])
        rig.advance(10)
        #expect(rig.elapsed == 33)
    }

    /// A negative observed position anchors at 0.
    @Test func positionObservedNegativeClampsToZero() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(5)
        #expect(rig.report(.positionObserved(-2)) == [])
        #expect(rig.elapsed == 0)
    }

    /// An observed position while nothing is loaded is ignored.
    @Test func positionObservedWhileStoppedIsIgnored() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .stopped)
        #expect(rig.report(.positionObserved(50)) == [])
        #expect(rig.elapsed == 0)
    }
}
