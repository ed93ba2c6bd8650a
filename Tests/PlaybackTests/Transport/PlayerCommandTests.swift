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
            outcome
                == CommandOutcome(
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
            outcome
                == CommandOutcome(
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
            rig.send(.play)
                == CommandOutcome(
                    .success, [.load(rig.entry(1), position: 0, playing: true), .prepareNext(rig.entry(2)), .nowPlayingChanged]))
    }

    /// `stop` while already stopped with an entry current only republishes.
    @Test func stopWhileStopped() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .stopped)
        #expect(rig.send(.stop) == CommandOutcome(.success, [.nowPlayingChanged]))
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == 0)
    }
}
