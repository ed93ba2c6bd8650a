import Playback
import Testing

/// `nextTrack` and `previousTrack`: moving through the play order.
@Suite struct PlayerTrackCommandTests {
    // MARK: nextTrack

    /// `nextTrack` while playing starts the next entry from its beginning.
    @Test func nextTrackWhilePlaying() throws {
        var rig = try PlayerRig(count: 4, current: 1, state: .playing)
        rig.advance(30)
        let outcome = rig.send(.nextTrack)
        #expect(
            outcome
                == CommandOutcome(
                    .success,
                    [
                        .queueChanged, .load(rig.entry(2), position: 0, playing: true),
                        .prepareNext(rig.entry(3)), .nowPlayingChanged,
                    ]))
        #expect(rig.queue.currentIndex == 2)
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 0)
    }

    /// `nextTrack` while paused loads the next entry paused.
    @Test func nextTrackWhilePaused() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .paused)
        let outcome = rig.send(.nextTrack)
        #expect(
            outcome
                == CommandOutcome(
                    .success,
                    [
                        .queueChanged, .load(rig.entry(1), position: 0, playing: false),
                        .prepareNext(rig.entry(2)), .nowPlayingChanged,
                    ]))
        #expect(rig.state == .paused)
    }

    /// `nextTrack` while stopped only selects the next entry.
    @Test func nextTrackWhileStopped() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .stopped)
        #expect(rig.send(.nextTrack) == CommandOutcome(.success, [.queueChanged, .nowPlayingChanged]))
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == 1)
    }

    /// `nextTrack` at the end with repeat off answers `noSuchContent`, stops, and leaves
    /// nothing current.
    @Test(arguments: [PlaybackState.playing, .paused, .stopped])
    func nextTrackAtEndStops(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 3, current: 2, state: state)
        rig.advance(12)
        let published: [PlayerEffect] = [.queueChanged, .nowPlayingChanged]
        let outcome = rig.send(.nextTrack)
        #expect(outcome == CommandOutcome(.noSuchContent, state == .stopped ? published : [.stop] + published))
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
        #expect(rig.queue.count == 3)
        #expect(rig.info == nil)
        #expect(rig.elapsed == 0)
    }

    /// `nextTrack` at the end with repeat all wraps to the first entry.
    @Test func nextTrackRepeatAllWraps() throws {
        var rig = try PlayerRig(count: 3, current: 2, state: .playing)
        #expect(rig.setRepeatMode(.all) == [.prepareNext(rig.entry(0))])
        let outcome = rig.send(.nextTrack)
        #expect(
            outcome
                == CommandOutcome(
                    .success,
                    [
                        .queueChanged, .load(rig.entry(0), position: 0, playing: true),
                        .prepareNext(rig.entry(1)), .nowPlayingChanged,
                    ]))
        #expect(rig.queue.currentIndex == 0)
    }

    /// With repeat one the automatic next entry is the current one, but `nextTrack` still
    /// goes to the next item (which then repeats itself).
    @Test func nextTrackRepeatOneGoesToNextItem() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        #expect(rig.setRepeatMode(.one) == [.prepareNext(rig.entry(0))])
        let outcome = rig.send(.nextTrack)
        #expect(
            outcome
                == CommandOutcome(
                    .success,
                    [
                        .queueChanged, .load(rig.entry(1), position: 0, playing: true),
                        .prepareNext(rig.entry(1)), .nowPlayingChanged,
                    ]))
        #expect(rig.queue.currentIndex == 1)
    }

    /// `nextTrack` skips entries the output reported as undecodable.
    @Test func nextTrackSkipsUnplayable() throws {
        var rig = try PlayerRig(count: 4, current: 0, state: .playing)
        _ = rig.report(.failed(rig.entry(1).id))
        _ = rig.report(.failed(rig.entry(2).id))
        let outcome = rig.send(.nextTrack)
        #expect(outcome.status == .success)
        #expect(outcome.effects.contains(.load(rig.entry(3), position: 0, playing: true)))
        #expect(rig.queue.currentIndex == 3)
    }

    // MARK: previousTrack

    /// `previousTrack` with less than 3 s played goes to the previous entry.
    @Test(arguments: [0.0, 1.0, 2.5, 2.9, 2.999])
    func previousTrackGoesBackEarly(played: Double) throws {
        var rig = try PlayerRig(count: 3, current: 2, state: .playing)
        rig.advance(played)
        let outcome = rig.send(.previousTrack)
        #expect(
            outcome
                == CommandOutcome(
                    .success,
                    [
                        .queueChanged, .load(rig.entry(1), position: 0, playing: true),
                        .prepareNext(rig.entry(2)), .nowPlayingChanged,
                    ]))
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.elapsed == 0)
    }

    /// `previousTrack` with 3 s or more played restarts the current entry with a seek to 0.
    @Test(arguments: [3.0, 3.5, 60.0])
    func previousTrackRestartsLate(played: Double) throws {
        var rig = try PlayerRig(count: 3, current: 2, state: .playing)
        rig.advance(played)
        #expect(rig.send(.previousTrack) == CommandOutcome(.success, [.seek(to: 0), .nowPlayingChanged]))
        #expect(rig.queue.currentIndex == 2)
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 0)
        rig.advance(2)
        #expect(rig.elapsed == 2)
    }

    /// `previousTrack` measures the frozen position while paused.
    @Test func previousTrackWhilePaused() throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .playing)
        rig.advance(5)
        _ = rig.send(.pause)
        rig.advance(100)
        #expect(rig.send(.previousTrack) == CommandOutcome(.success, [.seek(to: 0), .nowPlayingChanged]))
        #expect(rig.state == .paused)
        #expect(rig.queue.currentIndex == 1)
        let outcome = rig.send(.previousTrack)
        #expect(
            outcome
                == CommandOutcome(
                    .success,
                    [
                        .queueChanged, .load(rig.entry(0), position: 0, playing: false),
                        .prepareNext(rig.entry(1)), .nowPlayingChanged,
                    ]))
        #expect(rig.state == .paused)
    }

    /// `previousTrack` on the first entry restarts it, however little has played.
    @Test(arguments: [0.0, 1.0, 5.0])
    func previousTrackAtFirstRestarts(played: Double) throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        rig.advance(played)
        #expect(rig.send(.previousTrack) == CommandOutcome(.success, [.seek(to: 0), .nowPlayingChanged]))
        #expect(rig.queue.currentIndex == 0)
        #expect(rig.elapsed == 0)
    }

    /// `previousTrack` on the first entry with repeat all wraps to the last.
    @Test func previousTrackRepeatAllWraps() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        _ = rig.setRepeatMode(.all)
        let outcome = rig.send(.previousTrack)
        #expect(
            outcome
                == CommandOutcome(
                    .success,
                    [
                        .queueChanged, .load(rig.entry(2), position: 0, playing: true),
                        .prepareNext(rig.entry(0)), .nowPlayingChanged,
                    ]))
    }

    /// `previousTrack` while stopped selects the previous entry without loading it.
    @Test func previousTrackWhileStopped() throws {
        var rig = try PlayerRig(count: 3, current: 2, state: .stopped)
        #expect(rig.send(.previousTrack) == CommandOutcome(.success, [.queueChanged, .nowPlayingChanged]))
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.state == .stopped)
    }
}
