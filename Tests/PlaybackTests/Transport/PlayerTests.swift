import Playback
import Testing

@Suite struct PlayerTests {
    /// A new player is stopped at rate 1 with repeat off, an empty queue and no now-playing
    /// info.
    @Test func newPlayer() {
        let player = Player()
        player._checkInvariants()
        #expect(player.state == .stopped)
        #expect(!player.isLoaded)
        #expect(player.repeatMode == .off)
        #expect(player.rate == 1)
        #expect(player.defaultRate == 1)
        #expect(player.queue.count == 0)
        #expect(player.elapsed(at: PlayerRig.start) == 0)
        #expect(player.nowPlayingInfo(at: PlayerRig.start) == nil)
    }

    /// An item is loaded exactly while playing or paused.
    @Test(arguments: [(PlaybackState.playing, true), (.paused, true), (.stopped, false)])
    func isLoaded(state: PlaybackState, loaded: Bool) throws {
        let rig = try PlayerRig(count: 1, current: 0, state: state)
        #expect(rig.state == state)
        #expect(rig.player.isLoaded == loaded)
    }

    // MARK: setMetadata

    /// Setting metadata of the current entry publishes now-playing; setting the same again
    /// does not; changing it does.
    @Test func setMetadataOfCurrentPublishesOnlyChanges() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        let id = rig.entry(0).id
        let tags = TrackMetadata(title: "A", artist: "B", duration: 100)
        #expect(rig.setMetadata(tags, for: id) == [.nowPlayingChanged])
        #expect(rig.setMetadata(tags, for: id) == [])
        #expect(rig.setMetadata(TrackMetadata(title: "A", artist: "B", duration: 101), for: id) == [.nowPlayingChanged])
        #expect(rig.player.metadata(for: id)?.duration == 101)
    }

    /// Setting metadata of an entry that is not current is recorded but not published.
    @Test(arguments: [PlaybackState.playing, .paused, .stopped])
    func setMetadataOfOtherEntryIsSilent(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 2, current: 0, state: state)
        let id = rig.entry(1).id
        let tags = TrackMetadata(title: "Later")
        #expect(rig.setMetadata(tags, for: id) == [])
        #expect(rig.player.metadata(for: id) == tags)
        #expect(rig.info?.metadata == TrackMetadata())
    }

    /// Setting metadata with nothing current is recorded but not published.
    @Test func setMetadataWithNothingCurrent() {
        var rig = PlayerRig(count: 1)
        let tags = TrackMetadata(title: "T")
        #expect(rig.setMetadata(tags, for: rig.entry(0).id) == [])
        #expect(rig.player.metadata(for: rig.entry(0).id) == tags)
    }

    /// Metadata recorded before an entry becomes current shows once it is current.
    @Test func metadataShowsWhenEntryBecomesCurrent() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        let tags = TrackMetadata(title: "Second", duration: 60)
        _ = rig.setMetadata(tags, for: rig.entry(1).id)
        _ = rig.send(.nextTrack)
        #expect(rig.info?.metadata == tags)
    }

    /// Learning a shorter duration clamps the elapsed time to it.
    @Test func durationClampsElapsed() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(90)
        #expect(rig.elapsed == 90)
        rig.setDuration(60, at: 0)
        #expect(rig.elapsed == 60)
    }

    // MARK: setRepeatMode

    /// Changing the repeat mode while loaded re-announces the automatic next entry for that
    /// mode; while stopped it touches nothing.
    @Test(arguments: [
        (RepeatMode.off, PlaybackState.playing, nil as Int?),
        (.all, .playing, 0), (.one, .playing, 2),
        (.off, .paused, nil), (.all, .paused, 0), (.one, .paused, 2),
    ])
    func setRepeatModeAtLastEntry(mode: RepeatMode, state: PlaybackState, next: Int?) throws {
        var rig = try PlayerRig(count: 3, current: 2, state: state)
        _ = rig.setRepeatMode(.all)
        let effects = rig.setRepeatMode(mode)
        #expect(effects == [.prepareNext(next.map { rig.entry($0) })])
        #expect(rig.player.repeatMode == mode)
    }

    /// Changing the repeat mode while stopped records it without effects.
    @Test(arguments: RepeatMode.allCases)
    func setRepeatModeWhileStopped(mode: RepeatMode) throws {
        var rig = try PlayerRig(count: 3, current: 2, state: .stopped)
        #expect(rig.setRepeatMode(mode) == [])
        #expect(rig.player.repeatMode == mode)
    }
}
