import Playback
import Testing

@testable import RondoMPRIS

/// The MPRIS view of the daemon's state: statuses, modes, rates, metadata and the Can*
/// flags; which properties a change announces; when a position jump is a `Seeked`.
struct MPRISSnapshotTests {
    static let commands: [RemoteCommandState] = RemoteCommandKind.allCases.map { kind in
        var state = RemoteCommandState(command: kind, enabled: true)
        switch kind {
        case .changePlaybackRate:
            state.supportedPlaybackRates = [0.5, 1, 1.5, 2]
            state.currentPlaybackRate = 1
        case .changeRepeatMode: state.currentRepeatType = .off
        case .changeShuffleMode: state.currentShuffleType = .off
        default: break
        }
        return state
    }

    static func info(elapsed: Double = 10, at timestamp: Double = 1000, rate: Double = 1, index: Int = 0) -> NowPlayingInfo {
        let tags = TrackMetadata(
            title: "Steps", artist: "Rondo Fixtures", albumTitle: "Test Tones", albumArtist: "Various", genre: "Test",
            albumTrackNumber: 2, discNumber: 1, duration: 100,
            artwork: Artwork(mimeType: "image/png", width: 1, height: 1, url: "file:///cache/a.png"))
        return NowPlayingInfo(
            metadata: tags, elapsedPlaybackTime: elapsed, playbackRate: rate, defaultPlaybackRate: 1, playbackQueueIndex: index,
            playbackQueueCount: 3, assetURL: "file:///music/steps-\(index).mp3", timestamp: timestamp)
    }

    static func snapshot(
        _ playbackState: PlaybackState = .playing, info: NowPlayingInfo? = info(), volume: Double = 0.8,
        commands: [RemoteCommandState] = commands
    ) -> MPRISSnapshot {
        MPRISSnapshot(state: PlayerNowPlaying(info: info, state: playbackState, volume: volume), commands: commands)
    }

    /// A copy of `commands` with the state of `kind` changed by `change`.
    static func changing(
        _ kind: RemoteCommandKind, in commands: [RemoteCommandState] = commands, _ change: (inout RemoteCommandState) -> Void
    ) -> [RemoteCommandState] {
        commands.map { state in
            guard state.command == kind else { return state }
            var changed = state
            change(&changed)
            return changed
        }
    }

    @Test(arguments: [
        (PlaybackState.playing, "Playing"), (.paused, "Paused"), (.interrupted, "Paused"), (.stopped, "Stopped"),
        (.unknown, "Stopped"),
    ])
    func playbackStatus(state: PlaybackState, status: String) {
        #expect(Self.snapshot(state).playbackStatus == status)
    }

    @Test(arguments: [(RepeatMode.off, "None"), (.one, "Track"), (.all, "Playlist")])
    func loopStatusFollowsRepeat(mode: RepeatMode, status: String) {
        let commands = Self.changing(.changeRepeatMode) { $0.currentRepeatType = mode }
        #expect(Self.snapshot(commands: commands).loopStatus == status)
    }

    @Test(arguments: [(ShuffleMode.off, false), (.items, true), (.collections, true)])
    func shuffleFollowsTheShuffleMode(mode: ShuffleMode, on: Bool) {
        let commands = Self.changing(.changeShuffleMode) { $0.currentShuffleType = mode }
        #expect(Self.snapshot(commands: commands).shuffle == on)
    }

    /// The rate is the chosen one even while paused (now-playing's rate is then 0), never 0.
    @Test func rateIsTheChosenRateAndNeverZero() {
        let commands = Self.changing(.changePlaybackRate) {
            $0.supportedPlaybackRates = [2, 0.5, 1]
            $0.currentPlaybackRate = 1.5
        }
        let paused = Self.snapshot(.paused, info: Self.info(rate: 0), commands: commands)
        #expect(paused.rate == 1.5)
        #expect(paused.minimumRate == 0.5)
        #expect(paused.maximumRate == 2)
        let unset = Self.snapshot(commands: Self.commands.filter { $0.command != .changePlaybackRate })
        #expect(unset.rate == 1)
    }

    @Test(arguments: [(1.4, 1.5), (1.24, 1.0), (1.25, 1.5), (0.1, 0.5), (9.0, 2.0), (0.74, 0.5)])
    func aRateSnapsToTheNearestSupported(asked: Double, snapped: Double) {
        #expect(Self.snapshot().nearestRate(to: asked) == snapped)
    }

    /// Metadata carries every field with its specification type, sorted by key; the track id
    /// is an object path under /org/rondo/track/ and changes with the entry.
    @Test func metadataHasEveryFieldWithItsType() throws {
        let snapshot = Self.snapshot()
        let metadata = Dictionary(uniqueKeysWithValues: snapshot.metadata.map { ($0.key, $0.value) })
        #expect(snapshot.metadata.map(\.key) == snapshot.metadata.map(\.key).sorted())
        #expect(metadata["mpris:length"] == .int64(100_000_000))
        #expect(metadata["mpris:artUrl"] == .string("file:///cache/a.png"))
        #expect(metadata["xesam:title"] == .string("Steps"))
        #expect(metadata["xesam:artist"] == .strings(["Rondo Fixtures"]))
        #expect(metadata["xesam:albumArtist"] == .strings(["Various"]))
        #expect(metadata["xesam:album"] == .string("Test Tones"))
        #expect(metadata["xesam:genre"] == .strings(["Test"]))
        #expect(metadata["xesam:trackNumber"] == .int32(2))
        #expect(metadata["xesam:discNumber"] == .int32(1))
        #expect(metadata["xesam:url"] == .string("file:///music/steps-0.mp3"))
        guard case .objectPath(let path) = try #require(metadata["mpris:trackid"]) else {
            Issue.record("mpris:trackid is not an object path")
            return
        }
        #expect(path.hasPrefix("/org/rondo/track/"))
        #expect(path.dropFirst("/org/rondo/track/".count).allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" })
        #expect(Self.snapshot(info: Self.info(index: 1)).trackID != snapshot.trackID)
    }

    /// With nothing current, Metadata holds only the specification's NoTrack id.
    @Test func noTrackMetadata() {
        let snapshot = Self.snapshot(.stopped, info: nil)
        #expect(snapshot.metadata.count == 1)
        #expect(snapshot.metadata.first?.value == .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"))
        #expect(!snapshot.canSeek)
        #expect(snapshot.positionMicroseconds(at: 2000) == 0)
    }

    /// The Can* flags are the command center's enabled flags.
    @Test func canFlagsFollowTheEnabledFlags() {
        let all = Self.snapshot()
        #expect(all.canGoNext && all.canGoPrevious && all.canPlay && all.canPause && all.canSeek)
        let disabled = Self.commands.map { RemoteCommandState(command: $0.command, enabled: false) }
        let none = Self.snapshot(commands: disabled)
        #expect(!none.canGoNext && !none.canGoPrevious && !none.canPlay && !none.canPause && !none.canSeek)
        var live = Self.info()
        live.metadata.isLiveStream = true
        #expect(!Self.snapshot(info: live).canSeek)
    }

    /// The position moves at the rate while playing, stands still otherwise, and stays
    /// within the track.
    @Test func positionIsExtrapolated() {
        #expect(Self.snapshot(info: Self.info(rate: 2)).positionMicroseconds(at: 1001.5) == 13_000_000)
        #expect(Self.snapshot(.paused, info: Self.info(rate: 0)).positionMicroseconds(at: 1005) == 10_000_000)
        #expect(Self.snapshot().positionMicroseconds(at: 5000) == 100_000_000)
        #expect(Self.snapshot().positionMicroseconds(at: 900) == 10_000_000)
    }

    /// A change announces exactly the properties whose values changed.
    @Test func changesNameOnlyWhatChanged() {
        let before = Self.snapshot()
        #expect(before.changedProperties(to: Self.snapshot()).isEmpty)
        #expect(before.changedProperties(to: Self.snapshot(.paused, info: Self.info(rate: 0))) == ["PlaybackStatus"])
        #expect(before.changedProperties(to: Self.snapshot(volume: 0.5)) == ["Volume"])
        #expect(before.changedProperties(to: Self.snapshot(info: Self.info(index: 1))) == ["Metadata"])
        // The position moving with time changes nothing.
        #expect(before.changedProperties(to: Self.snapshot(info: Self.info(elapsed: 15, at: 1005))).isEmpty)
    }

    /// A jump within the same track is a Seeked; time passing, a pause, a new track are not.
    @Test func seekedOnlyForJumpsWithinTheTrack() {
        let before = Self.snapshot()
        #expect(before.seekedPosition(to: Self.snapshot(info: Self.info(elapsed: 15, at: 1005))) == nil)
        #expect(before.seekedPosition(to: Self.snapshot(.paused, info: Self.info(elapsed: 12, at: 1002, rate: 0))) == nil)
        #expect(before.seekedPosition(to: Self.snapshot(info: Self.info(elapsed: 40, at: 1001))) == 40_000_000)
        #expect(before.seekedPosition(to: Self.snapshot(info: Self.info(elapsed: 0, at: 1003))) == 0, "previous restarts the track")
        let loopEnd = Self.snapshot(info: Self.info(elapsed: 99.9, at: 1000))
        #expect(loopEnd.seekedPosition(to: Self.snapshot(info: Self.info(elapsed: 0, at: 1000.1))) == 0, "a repeat-one loop")
        #expect(before.seekedPosition(to: Self.snapshot(info: Self.info(elapsed: 0, at: 1001, index: 1))) == nil)
    }
}
