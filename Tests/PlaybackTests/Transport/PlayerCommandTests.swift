import Playback
import Testing

/// Every remote command the transport knows, for "empty queue" tables.
private let allCommands: [RemoteCommand] = [
    .play, .pause, .togglePlayPause, .stop, .nextTrack, .previousTrack,
    .changePlaybackPosition(10), .skipForward(interval: nil), .skipBackward(interval: 5),
]

@Suite struct PlayerCommandTests {
    // MARK: empty queue and nothing current

    /// Every command on an empty queue answers `noActionableNowPlayingItem` and does nothing.
    @Test(arguments: allCommands)
    func emptyQueueHasNothingActionable(command: RemoteCommand) {
        var rig = PlayerRig()
        #expect(rig.send(command) == CommandOutcome(.noActionableNowPlayingItem))
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
    }

    /// With entries queued but none current, commands that need a current item answer
    /// `noActionableNowPlayingItem`, while pause and stop have nothing to do and succeed.
    @Test(arguments: [
        (RemoteCommand.nextTrack, CommandStatus.noActionableNowPlayingItem),
        (.previousTrack, .noActionableNowPlayingItem),
        (.changePlaybackPosition(3), .noActionableNowPlayingItem),
        (.skipForward(interval: nil), .noActionableNowPlayingItem),
        (.skipBackward(interval: nil), .noActionableNowPlayingItem),
        (.pause, .success),
        (.stop, .success),
    ])
    func nothingCurrent(command: RemoteCommand, status: CommandStatus) {
        var rig = PlayerRig(count: 2)
        #expect(rig.send(command) == CommandOutcome(status))
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
    }

    // MARK: play

    /// `play` from stopped with nothing current selects the first entry and starts it.
    @Test func playFromStoppedSelectsFirst() {
        var rig = PlayerRig(count: 3)
        let outcome = rig.send(.play)
        #expect(
            outcome == CommandOutcome(
                .success,
                [
                    .queueChanged, .load(rig.entry(0), position: 0, playing: true),
                    .prepareNext(rig.entry(1)), .nowPlayingChanged,
                ]))
        #expect(rig.state == .playing)
        #expect(rig.queue.currentIndex == 0)
    }

    /// `play` from stopped with an entry current starts that entry without a queue change.
    @Test func playFromStoppedStartsCurrent() throws {
        var rig = try PlayerRig(count: 3, current: 2, state: .stopped)
        let outcome = rig.send(.play)
        #expect(
            outcome == CommandOutcome(
                .success, [.load(rig.entry(2), position: 0, playing: true), .prepareNext(nil), .nowPlayingChanged]))
        #expect(rig.state == .playing)
    }

    /// `play` while playing succeeds and does nothing.
    @Test func playWhilePlayingDoesNothing() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        rig.advance(5)
        #expect(rig.send(.play) == CommandOutcome(.success))
        #expect(rig.state == .playing)
        rig.advance(5)
        #expect(rig.elapsed == 10)
    }

    /// `play` after the queue ran out starts over from the first entry.
    @Test func playAfterEndStartsOver() throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .playing)
        _ = rig.report(.reachedEnd)
        #expect(rig.queue.currentIndex == nil)
        let outcome = rig.send(.play)
        #expect(outcome.status == .success)
        #expect(outcome.effects.first == .queueChanged)
        #expect(outcome.effects.contains(.load(rig.entry(0), position: 0, playing: true)))
        #expect(rig.queue.currentIndex == 0)
    }

    // MARK: pause, resume and elapsed time

    /// Elapsed time advances with the clock while playing.
    @Test func elapsedAdvancesWhilePlaying() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        #expect(rig.elapsed == 0)
        rig.advance(7.5)
        #expect(rig.elapsed == 7.5)
        rig.advance(100)
        #expect(rig.elapsed == 107.5)
    }

    /// Pausing anchors the elapsed time at the pause instant, and it stays frozen while paused.
    @Test func pauseFreezesElapsed() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(10)
        #expect(rig.send(.pause) == CommandOutcome(.success, [.pause, .nowPlayingChanged]))
        #expect(rig.state == .paused)
        rig.advance(100)
        #expect(rig.elapsed == 10)
        rig.advance(3600)
        #expect(rig.elapsed == 10)
    }

    /// Resuming re-anchors at the resume instant: elapsed continues from the paused position.
    @Test func resumeContinuesFromPausedPosition() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(10)
        _ = rig.send(.pause)
        rig.advance(100)
        #expect(rig.send(.play) == CommandOutcome(.success, [.resume, .nowPlayingChanged]))
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 10)
        rig.advance(5)
        #expect(rig.elapsed == 15)
    }

    /// Elapsed time never exceeds the item's known duration, playing or paused.
    @Test func elapsedIsClampedToDuration() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.setDuration(30, at: 0)
        rig.advance(29)
        #expect(rig.elapsed == 29)
        rig.advance(100)
        #expect(rig.elapsed == 30)
        _ = rig.send(.pause)
        #expect(rig.elapsed == 30)
        rig.advance(10)
        #expect(rig.elapsed == 30)
    }

    /// Elapsed time is never negative, even for an instant before the anchor.
    @Test func elapsedIsNeverNegative() throws {
        let rig = try PlayerRig(count: 1, current: 0, state: .playing)
        #expect(rig.player.elapsed(at: rig.now - 50) == 0)
    }

    /// `pause` when not playing succeeds and does nothing.
    @Test(arguments: [PlaybackState.paused, .stopped])
    func pauseWhenNotPlaying(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 2, current: 0, state: state)
        #expect(rig.send(.pause) == CommandOutcome(.success))
        #expect(rig.state == state)
    }

    // MARK: togglePlayPause

    /// `togglePlayPause` pauses when playing, resumes when paused, and starts when stopped.
    @Test(arguments: [
        (PlaybackState.playing, PlaybackState.paused),
        (.paused, .playing),
        (.stopped, .playing),
    ])
    func togglePlayPause(from state: PlaybackState, to expected: PlaybackState) throws {
        var rig = try PlayerRig(count: 2, current: 1, state: state)
        rig.advance(6)
        let outcome = rig.send(.togglePlayPause)
        let effects: [PlayerEffect] =
            switch state {
            case .playing: [.pause, .nowPlayingChanged]
            case .paused: [.resume, .nowPlayingChanged]
            default: [.load(rig.entry(1), position: 0, playing: true), .prepareNext(nil), .nowPlayingChanged]
            }
        #expect(outcome == CommandOutcome(.success, effects))
        #expect(rig.state == expected)
        #expect(rig.elapsed == (state == .playing ? 6 : 0))
    }

    /// Toggling twice from playing is back to playing at the same position.
    @Test func toggleTwiceResumes() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(4)
        _ = rig.send(.togglePlayPause)
        rig.advance(60)
        _ = rig.send(.togglePlayPause)
        rig.advance(1)
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 5)
    }

    // MARK: stop

    /// `stop` while loaded stops the output, keeps the entry current and rewinds it.
    @Test(arguments: [PlaybackState.playing, .paused])
    func stopRewinds(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 3, current: 1, state: state)
        if state == .paused { _ = rig.send(.play) }
        rig.advance(42)
        if state == .paused { _ = rig.send(.pause) }
        #expect(rig.elapsed == 42)
        #expect(rig.send(.stop) == CommandOutcome(.success, [.stop, .nowPlayingChanged]))
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.elapsed == 0)
        rig.advance(10)
        #expect(rig.elapsed == 0)
        #expect(
            rig.send(.play) == CommandOutcome(
                .success, [.load(rig.entry(1), position: 0, playing: true), .prepareNext(rig.entry(2)), .nowPlayingChanged]))
    }

    /// `stop` while already stopped with an entry current only republishes.
    @Test func stopWhileStopped() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .stopped)
        #expect(rig.send(.stop) == CommandOutcome(.success, [.nowPlayingChanged]))
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == 0)
    }

    // MARK: nextTrack

    /// `nextTrack` while playing starts the next entry from its beginning.
    @Test func nextTrackWhilePlaying() throws {
        var rig = try PlayerRig(count: 4, current: 1, state: .playing)
        rig.advance(30)
        let outcome = rig.send(.nextTrack)
        #expect(
            outcome == CommandOutcome(
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
            outcome == CommandOutcome(
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
            outcome == CommandOutcome(
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
            outcome == CommandOutcome(
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
            outcome == CommandOutcome(
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
            outcome == CommandOutcome(
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
            outcome == CommandOutcome(
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

    // MARK: changePlaybackPosition

    /// `changePlaybackPosition` seeks to the position clamped to [0, duration].
    @Test(arguments: [(50.0, 50.0), (-10.0, 0.0), (250.0, 200.0), (0.0, 0.0), (200.0, 200.0), (199.5, 199.5)])
    func changePlaybackPositionClamps(position: Double, expected: Double) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.setDuration(200, at: 0)
        rig.advance(20)
        let outcome = rig.send(.changePlaybackPosition(position))
        #expect(outcome == CommandOutcome(.success, [.seek(to: expected), .nowPlayingChanged]))
        #expect(rig.elapsed == expected)
        #expect(rig.state == .playing)
    }

    /// Without a known duration only the lower bound applies.
    @Test func changePlaybackPositionWithoutDuration() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        #expect(rig.send(.changePlaybackPosition(500)) == CommandOutcome(.success, [.seek(to: 500), .nowPlayingChanged]))
        rig.advance(1)
        #expect(rig.elapsed == 501)
    }

    /// Seeking while paused moves the frozen position and keeps it frozen.
    @Test func changePlaybackPositionWhilePaused() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .paused)
        #expect(rig.send(.changePlaybackPosition(80)) == CommandOutcome(.success, [.seek(to: 80), .nowPlayingChanged]))
        rig.advance(30)
        #expect(rig.elapsed == 80)
        #expect(rig.state == .paused)
    }

    /// Seeking while stopped moves the shown position without touching the output.
    @Test func changePlaybackPositionWhileStopped() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .stopped)
        #expect(rig.send(.changePlaybackPosition(42)) == CommandOutcome(.success, [.nowPlayingChanged]))
        #expect(rig.state == .stopped)
        #expect(rig.info?.elapsedPlaybackTime == 42)
    }

    // MARK: skipForward and skipBackward

    /// Skipping seeks relative to the elapsed time, by 15 s by default or by the given
    /// interval, clamped to [0, duration].
    @Test(arguments: [
        (10.0, RemoteCommand.skipForward(interval: nil), 25.0),
        (10.0, .skipForward(interval: 30), 40.0),
        (190.0, .skipForward(interval: nil), 200.0),
        (20.0, .skipBackward(interval: nil), 5.0),
        (10.0, .skipBackward(interval: nil), 0.0),
        (20.0, .skipBackward(interval: 5), 15.0),
        (0.0, .skipBackward(interval: 1), 0.0),
    ])
    func skipSeeksRelative(played: Double, command: RemoteCommand, expected: Double) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.setDuration(200, at: 0)
        rig.advance(played)
        #expect(rig.send(command) == CommandOutcome(.success, [.seek(to: expected), .nowPlayingChanged]))
        #expect(rig.elapsed == expected)
    }

    /// The default skip interval is the published preferred interval of 15 s.
    @Test func preferredIntervalIs15Seconds() {
        #expect(Player.preferredInterval == 15)
        #expect(Player.restartThreshold == 3)
    }

    /// Skipping while paused is relative to the frozen position.
    @Test func skipWhilePaused() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(40)
        _ = rig.send(.pause)
        rig.advance(1000)
        #expect(rig.send(.skipBackward(interval: nil)) == CommandOutcome(.success, [.seek(to: 25), .nowPlayingChanged]))
        #expect(rig.send(.skipForward(interval: 2.5)) == CommandOutcome(.success, [.seek(to: 27.5), .nowPlayingChanged]))
        #expect(rig.elapsed == 27.5)
    }
}
