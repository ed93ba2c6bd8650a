import Playback
import Testing

/// Transport states a loaded-or-not entry can be left in by the public API.
private let allStates: [PlaybackState] = [.playing, .paused, .stopped]

@Suite struct PlayerQueueEditTests {
    // MARK: append

    /// Appending to a player with nothing current only publishes the queue.
    @Test func appendWithNothingCurrent() {
        var rig = PlayerRig()
        #expect(rig.append(["/a", "/b"]) == [.queueChanged])
        #expect(rig.queue.count == 2)
        #expect(rig.queue.currentIndex == nil)
        #expect(rig.state == .stopped)
    }

    /// Appending while an item is loaded re-announces the pre-rolled next entry, which is the
    /// first appended one when the current entry was the last.
    @Test(arguments: [PlaybackState.playing, .paused])
    func appendWhileLoadedAtEndPreparesTheNewEntry(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 2, current: 1, state: state)
        let effects = rig.append(["/new"])
        #expect(effects == [.prepareNext(rig.entry(2)), .queueChanged, .nowPlayingChanged])
        #expect(rig.state == state)
        #expect(rig.queue.currentIndex == 1)
    }

    /// Appending while loaded in the middle keeps the same pre-rolled next entry.
    @Test func appendWhileLoadedInTheMiddle() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .playing)
        #expect(rig.append(["/new"]) == [.prepareNext(rig.entry(1)), .queueChanged, .nowPlayingChanged])
    }

    /// Appending while stopped with a current entry publishes queue and now-playing (the
    /// queue count changed) without touching the output.
    @Test func appendWhileStoppedWithCurrent() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .stopped)
        #expect(rig.append(["/new"]) == [.queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.info?.playbackQueueCount == 3)
    }

    /// Appending does not disturb the elapsed time of the playing item.
    @Test func appendKeepsPosition() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(10)
        _ = rig.append(["/new"])
        rig.advance(5)
        #expect(rig.elapsed == 15)
    }

    // MARK: replace

    /// Replacing without `play` from a stopped player selects nothing and publishes.
    @Test func replaceWithoutPlayFromStopped() throws {
        var rig = PlayerRig(count: 2)
        let effects = try rig.replace(["/x", "/y", "/z"])
        #expect(effects == [.queueChanged, .nowPlayingChanged])
        #expect(rig.queue.entries.map(\.location) == ["/x", "/y", "/z"])
        #expect(rig.queue.currentIndex == nil)
        #expect(rig.state == .stopped)
        #expect(rig.info == nil)
    }

    /// Replacing without `play` while an item is loaded stops the output first.
    @Test(arguments: [PlaybackState.playing, .paused])
    func replaceWithoutPlayStopsLoadedItem(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 2, current: 1, state: state)
        rig.advance(20)
        let effects = try rig.replace(["/x"])
        #expect(effects == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
        #expect(rig.elapsed == 0)
    }

    /// Replacing with a `startIndex` but without `play` makes that entry current, stopped.
    @Test func replaceWithStartIndexSelectsWithoutPlaying() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        let effects = try rig.replace(["/x", "/y", "/z"], startIndex: 2)
        #expect(effects == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.current?.location == "/z")
        #expect(rig.info?.elapsedPlaybackTime == 0)
    }

    /// Replacing with `play` starts the first entry from its beginning.
    @Test func replaceWithPlayStartsFirstEntry() throws {
        var rig = PlayerRig()
        let effects = try rig.replace(["/x", "/y"], play: true)
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(0), position: 0, playing: true),
                .prepareNext(rig.entry(1)), .nowPlayingChanged,
            ])
        #expect(rig.state == .playing)
        #expect(rig.queue.currentIndex == 0)
    }

    /// Replacing with `play` and a `startIndex` starts that entry, even over a paused item.
    @Test func replaceWithPlayAndStartIndex() throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .paused)
        rig.advance(30)
        let effects = try rig.replace(["/x", "/y", "/z"], startIndex: 2, play: true)
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(2), position: 0, playing: true), .prepareNext(nil),
                .nowPlayingChanged,
            ])
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 0)
    }

    /// Replacing with `play` from a resume point loads the entry there and counts elapsed
    /// time from it; without `play` the start position is not used.
    @Test func replaceWithPlayFromAResumePoint() throws {
        var rig = PlayerRig()
        let effects = try rig.player.replace(
            withItems: [MediaItem(location: "/episode")], startIndex: 0, play: true, startPosition: 754.5, at: rig.now)
        #expect(effects == [.queueChanged, .load(rig.entry(0), position: 754.5, playing: true), .prepareNext(nil), .nowPlayingChanged])
        rig.advance(2)
        #expect(rig.elapsed == 756.5)
        _ = try rig.player.replace(
            withItems: [MediaItem(location: "/episode")], startIndex: 0, play: false, startPosition: 754.5, at: rig.now)
        #expect(rig.elapsed == 0)
    }

    /// Replacing with `play` but no entries stops and leaves an empty queue.
    @Test func replaceWithPlayAndNoEntries() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        let effects = try rig.replace([], play: true)
        #expect(effects == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.count == 0)
    }

    /// A `startIndex` past either end throws and leaves the player exactly as it was.
    @Test(arguments: [(3, -1), (3, 3), (3, 10), (0, 0)])
    func replaceWithBadStartIndexThrows(count: Int, startIndex: Int) throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .playing)
        rig.advance(7)
        let before = rig.snapshot
        #expect(throws: PlaybackError.indexOutOfRange(startIndex, count: count)) {
            try rig.replace(PlayerRig.paths(count), startIndex: startIndex, play: true)
        }
        #expect(rig.snapshot == before)
    }

    /// Replacing forgets the metadata of the old entries.
    @Test func replaceForgetsMetadata() throws {
        var rig = PlayerRig(count: 1)
        let old = rig.entry(0).id
        _ = rig.setMetadata(TrackMetadata(title: "Old"), for: old)
        _ = try rig.replace(["/x"])
        #expect(rig.player.metadata(for: old) == nil)
    }

    // MARK: remove

    /// Removing an entry before the current one keeps the same entry current at the same
    /// position, in every transport state.
    @Test(arguments: allStates)
    func removeBeforeCurrent(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 4, current: 2, state: state)
        let current = rig.entry(2)
        if state == .playing { rig.advance(12) }
        let effects = try rig.remove(0)
        let published: [PlayerEffect] = [.queueChanged, .nowPlayingChanged]
        #expect(effects == (state == .stopped ? published : [.prepareNext(rig.entry(2))] + published))
        #expect(rig.state == state)
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.queue.current == current)
        #expect(rig.elapsed == (state == .playing ? 12 : 0))
    }

    /// Removing the entry after the current one keeps the current entry and pre-rolls the one
    /// that now follows it.
    @Test(arguments: allStates)
    func removeAfterCurrent(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 4, current: 1, state: state)
        let current = rig.entry(1)
        let effects = try rig.remove(2)
        let published: [PlayerEffect] = [.queueChanged, .nowPlayingChanged]
        #expect(rig.entry(2).location == "/music/track3.mp3")
        #expect(effects == (state == .stopped ? published : [.prepareNext(rig.entry(2))] + published))
        #expect(rig.state == state)
        #expect(rig.queue.current == current)
    }

    /// Removing the current entry while playing starts the entry that takes its place.
    @Test func removeCurrentWhilePlaying() throws {
        var rig = try PlayerRig(count: 4, current: 1, state: .playing)
        rig.advance(40)
        let effects = try rig.remove(1)
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(1), position: 0, playing: true),
                .prepareNext(rig.entry(2)), .nowPlayingChanged,
            ])
        #expect(rig.entry(1).location == "/music/track2.mp3")
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 0)
    }

    /// Removing the current entry while paused loads the one that takes its place, paused.
    @Test func removeCurrentWhilePaused() throws {
        var rig = try PlayerRig(count: 3, current: 0, state: .paused)
        let effects = try rig.remove(0)
        #expect(
            effects == [
                .queueChanged, .load(rig.entry(0), position: 0, playing: false),
                .prepareNext(rig.entry(1)), .nowPlayingChanged,
            ])
        #expect(rig.state == .paused)
        #expect(rig.queue.current?.location == "/music/track1.mp3")
    }

    /// Removing the current entry while stopped selects the one that takes its place without
    /// touching the output.
    @Test func removeCurrentWhileStopped() throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .stopped)
        let effects = try rig.remove(1)
        #expect(effects == [.queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.current?.location == "/music/track2.mp3")
        #expect(rig.elapsed == 0)
    }

    /// Removing the current entry when it is the last stops (if loaded) and leaves nothing
    /// current.
    @Test(arguments: allStates)
    func removeCurrentLastEntry(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 3, current: 2, state: state)
        let effects = try rig.remove(2)
        let published: [PlayerEffect] = [.queueChanged, .nowPlayingChanged]
        #expect(effects == (state == .stopped ? published : [.stop] + published))
        #expect(rig.state == .stopped)
        #expect(rig.queue.currentIndex == nil)
        #expect(rig.queue.count == 2)
        #expect(rig.info == nil)
    }

    /// Removing the last entry when another one is current pre-rolls nothing after it.
    @Test func removeLastEntryAfterCurrent() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        #expect(try rig.remove(1) == [.prepareNext(nil), .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .playing)
    }

    /// Removing the only entry while playing stops and leaves an empty queue.
    @Test func removeOnlyEntryWhilePlaying() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        #expect(try rig.remove(0) == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.count == 0)
    }

    /// Removing an index that does not exist throws and leaves the player as it was.
    @Test(arguments: [-1, 3, 99])
    func removeOutOfRangeThrows(index: Int) throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .playing)
        rig.advance(3)
        let before = rig.snapshot
        #expect(throws: PlaybackError.indexOutOfRange(index, count: 3)) { try rig.remove(index) }
        #expect(rig.snapshot == before)
    }

    /// Removing an entry forgets its metadata.
    @Test func removeForgetsMetadata() throws {
        var rig = PlayerRig(count: 2)
        let id = rig.entry(1).id
        _ = rig.setMetadata(TrackMetadata(title: "Gone"), for: id)
        _ = try rig.remove(1)
        #expect(rig.player.metadata(for: id) == nil)
    }

    // MARK: move

    /// Moving the current entry keeps it current and playing, and pre-rolls the entry that now
    /// follows it.
    @Test func moveCurrentEntry() throws {
        var rig = try PlayerRig(count: 4, current: 0, state: .playing)
        let current = rig.entry(0)
        rig.advance(9)
        let effects = try rig.move(0, to: 2)
        #expect(effects == [.prepareNext(rig.entry(3)), .queueChanged, .nowPlayingChanged])
        #expect(rig.queue.currentIndex == 2)
        #expect(rig.queue.current == current)
        #expect(rig.state == .playing)
        #expect(rig.elapsed == 9)
    }

    /// Moving another entry right after the current one makes it the pre-rolled next entry.
    @Test func moveEntryToFollowCurrent() throws {
        var rig = try PlayerRig(count: 4, current: 0, state: .paused)
        let moved = rig.entry(3)
        let effects = try rig.move(3, to: 1)
        #expect(effects == [.prepareNext(moved), .queueChanged, .nowPlayingChanged])
        #expect(rig.queue.currentIndex == 0)
        #expect(rig.state == .paused)
    }

    /// Moving an entry from before the current one to after it shifts the current index.
    @Test func moveAcrossCurrent() throws {
        var rig = try PlayerRig(count: 4, current: 2, state: .stopped)
        let current = rig.entry(2)
        #expect(try rig.move(0, to: 3) == [.queueChanged, .nowPlayingChanged])
        #expect(rig.queue.currentIndex == 1)
        #expect(rig.queue.current == current)
        #expect(rig.info?.playbackQueueIndex == 1)
    }

    /// Moving from or to an index that does not exist throws and leaves the player as it was.
    @Test(arguments: [(-1, 0), (0, 3), (3, 1), (2, -5)])
    func moveOutOfRangeThrows(source: Int, destination: Int) throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .playing)
        let before = rig.snapshot
        let bad = (0..<3).contains(source) ? destination : source
        #expect(throws: PlaybackError.indexOutOfRange(bad, count: 3)) { try rig.move(source, to: destination) }
        #expect(rig.snapshot == before)
    }

    // MARK: clear

    /// Clearing while an item is loaded stops it and empties the queue.
    @Test(arguments: [PlaybackState.playing, .paused])
    func clearWhileLoaded(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 3, current: 1, state: state)
        rig.advance(8)
        #expect(rig.clear() == [.stop, .queueChanged, .nowPlayingChanged])
        #expect(rig.state == .stopped)
        #expect(rig.queue.count == 0)
        #expect(rig.queue.currentIndex == nil)
        #expect(rig.elapsed == 0)
        #expect(rig.info == nil)
    }

    /// Clearing while stopped empties the queue without touching the output.
    @Test func clearWhileStopped() throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .stopped)
        #expect(rig.clear() == [.queueChanged, .nowPlayingChanged])
        #expect(rig.queue.count == 0)
    }

    /// Clearing forgets all metadata.
    @Test func clearForgetsMetadata() {
        var rig = PlayerRig(count: 1)
        let id = rig.entry(0).id
        _ = rig.setMetadata(TrackMetadata(title: "T"), for: id)
        _ = rig.clear()
        #expect(rig.player.metadata(for: id) == nil)
    }
}
