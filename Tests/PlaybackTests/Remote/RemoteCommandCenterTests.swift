import Playback
import Testing

@Suite struct RemoteCommandCenterTests {
    /// A new player lists all 17 commands in SPEC order, enabled, each with exactly the
    /// properties SPEC §4 gives it.
    @Test func listOfNewPlayer() {
        let commands = Player(seed: 1).remoteCommands
        #expect(commands.map(\.command) == RemoteCommandKind.allCases)
        #expect(commands.allSatisfy { $0.enabled })
        for command in commands {
            let intervals = command.command == .skipForward || command.command == .skipBackward
            #expect((command.preferredIntervals == [15]) == intervals)
            #expect((command.preferredIntervals == nil) == !intervals)
            let rate = command.command == .changePlaybackRate
            #expect(command.supportedPlaybackRates == (rate ? [0.5, 1.0, 1.5, 2.0] : nil))
            #expect(command.currentPlaybackRate == (rate ? 1.0 : nil))
            #expect(command.currentRepeatType == (command.command == .changeRepeatMode ? .off : nil))
            #expect(command.currentShuffleType == (command.command == .changeShuffleMode ? .off : nil))
            let feedback = [RemoteCommandKind.like, .dislike, .bookmark].contains(command.command)
            #expect(command.isActive == (feedback ? false : nil))
            #expect((command.localizedTitle != nil) == feedback)
        }
        #expect(commands.compactMap(\.localizedTitle) == ["Like", "Dislike", "Bookmark"])
    }

    /// The listed properties follow the player: rate, repeat and shuffle modes, and the current
    /// item's feedback.
    @Test func listFollowsState() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        _ = rig.send(.changePlaybackRate(2))
        _ = rig.send(.changeRepeatMode(.one))
        _ = rig.send(.changeShuffleMode(.items))
        _ = rig.send(.like(isActive: true))
        _ = rig.send(.bookmark(isActive: true))
        let byKind = Dictionary(uniqueKeysWithValues: rig.player.remoteCommands.map { ($0.command, $0) })
        #expect(byKind[.changePlaybackRate]?.currentPlaybackRate == 2)
        #expect(byKind[.changeRepeatMode]?.currentRepeatType == .one)
        #expect(byKind[.changeShuffleMode]?.currentShuffleType == .items)
        #expect(byKind[.like]?.isActive == true)
        #expect(byKind[.dislike]?.isActive == false)
        #expect(byKind[.bookmark]?.isActive == true)
    }

    /// Disabling and enabling a command announces `remote.changed` once per real change and
    /// shows in the list.
    @Test(arguments: RemoteCommandKind.allCases)
    func setEnabledAnnouncesChanges(kind: RemoteCommandKind) throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .paused)
        #expect(rig.setEnabled(true, for: kind) == CommandOutcome(.success))
        #expect(rig.setEnabled(false, for: kind) == CommandOutcome(.success, remoteEffects: [.remoteChanged]))
        #expect(rig.setEnabled(false, for: kind) == CommandOutcome(.success))
        #expect(rig.player.remoteCommands.filter { !$0.enabled }.map(\.command) == [kind])
        #expect(!rig.player.commandCenter.isEnabled(kind))
        #expect(rig.setEnabled(true, for: kind) == CommandOutcome(.success, remoteEffects: [.remoteChanged]))
        #expect(rig.player.remoteCommands.allSatisfy { $0.enabled })
    }

    /// A re-enabled command works again.
    @Test func reenabledCommandWorks() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        _ = rig.setEnabled(false, for: .pause)
        #expect(rig.send(.pause) == .disabled)
        #expect(rig.state == .playing)
        _ = rig.setEnabled(true, for: .pause)
        #expect(rig.send(.pause) == CommandOutcome(.success, [.pause, .nowPlayingChanged]))
    }

    /// Disabling the seek command whose scan is held ends the scan, since its `end` could no
    /// longer arrive; disabling the other one leaves the scan alone.
    @Test func disablingHeldSeekEndsScan() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        _ = rig.send(.seekForward(.begin))
        #expect(rig.setEnabled(false, for: .seekBackward) == CommandOutcome(.success, remoteEffects: [.remoteChanged]))
        #expect(rig.player.scan == .forward)
        rig.advance(2)
        #expect(
            rig.setEnabled(false, for: .seekForward)
                == CommandOutcome(
                    .success, [.nowPlayingChanged], remoteEffects: [.endScan, .remoteChanged]))
        #expect(rig.player.scan == nil)
        #expect(rig.elapsed == 16)
    }

    /// `togglePlayPause` has its own flag: disabling `play` and `pause` does not disable it.
    @Test func toggleHasItsOwnFlag() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        _ = rig.setEnabled(false, for: .play)
        _ = rig.setEnabled(false, for: .pause)
        #expect(rig.send(.togglePlayPause).status == .success)
        #expect(rig.state == .paused)
    }
}
