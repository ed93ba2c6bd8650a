import Playback
import Testing

/// The status every command answers in every situation, per SPEC §4.
private func expectedStatus(_ command: RemoteCommand, in state: RigState) -> CommandStatus {
    switch command {
    case .play, .togglePlayPause, .pause, .stop:
        return state == .empty ? .noActionableNowPlayingItem : .success
    case .nextTrack, .previousTrack, .changePlaybackPosition, .skipForward, .skipBackward, .like, .dislike,
        .bookmark:
        return state.hasCurrent ? .success : .noActionableNowPlayingItem
    case .seekForward(.begin), .seekBackward(.begin):
        return state.isLoaded ? .success : .noActionableNowPlayingItem
    case .seekForward(.end), .seekBackward(.end), .changeRepeatMode, .changeShuffleMode:
        return .success
    case .changePlaybackRate(let rate):
        return rate == 3 ? .commandFailed : .success
    }
}

private let table: [(RemoteCommand, RigState)] = everyCommand.flatMap { command in
    RigState.allCases.map { (command, $0) }
}

@Suite struct RemoteCommandTableTests {
    /// Every command in every situation (empty queue, nothing current, stopped, playing,
    /// paused) answers the SPEC status, and keeps the player's invariants.
    @Test(arguments: table)
    func statusPerState(command: RemoteCommand, state: RigState) throws {
        var rig = try state.makeRig()
        let outcome = rig.send(command)
        #expect(outcome.status == expectedStatus(command, in: state))
        #expect((outcome.reason == nil) == (outcome.status != .commandFailed))
        if outcome.status != .success {
            #expect(outcome.remoteEffects.isEmpty)
        }
    }

    /// A command that answers anything but success leaves the player exactly as it was.
    @Test(arguments: table)
    func failureChangesNothing(command: RemoteCommand, state: RigState) throws {
        var rig = try state.makeRig()
        let before = rig.snapshot
        let outcome = rig.send(command)
        if outcome.status != .success {
            #expect(rig.snapshot == before)
            #expect(outcome.effects.isEmpty)
        }
    }

    /// A disabled command answers `commandFailed` with reason `disabled`, in every situation,
    /// and changes nothing at all.
    @Test(arguments: table)
    func disabledCommandDoesNothing(command: RemoteCommand, state: RigState) throws {
        var rig = try state.makeRig()
        _ = rig.setEnabled(false, for: command.kind)
        let before = rig.snapshot
        #expect(rig.send(command) == CommandOutcome(.commandFailed, reason: .disabled))
        #expect(rig.send(command) == .disabled)
        #expect(rig.snapshot == before)
    }

    /// Disabling one command leaves every other command working.
    @Test(arguments: RemoteCommandKind.allCases)
    func disablingOneLeavesOthers(kind: RemoteCommandKind) throws {
        var rig = try RigState.playing.makeRig()
        _ = rig.setEnabled(false, for: kind)
        for command in everyCommand where command.kind != kind {
            var copy = rig
            #expect(copy.send(command).reason != .disabled, "\(command) with \(kind) disabled")
        }
    }

    /// Every command shape reports the kind its enabled flag belongs to, and the kinds are
    /// the 17 commands of SPEC §4 with their wire names.
    @Test func kinds() {
        #expect(Set(everyCommand.map(\.kind)) == Set(RemoteCommandKind.allCases))
        #expect(
            RemoteCommandKind.allCases.map(\.rawValue) == [
                "play", "pause", "togglePlayPause", "stop", "nextTrack", "previousTrack", "changePlaybackPosition",
                "skipForward", "skipBackward", "seekForward", "seekBackward", "changePlaybackRate",
                "changeRepeatMode", "changeShuffleMode", "like", "dislike", "bookmark",
            ])
    }
}
