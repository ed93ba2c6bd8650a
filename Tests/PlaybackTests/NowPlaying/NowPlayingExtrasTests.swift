import Playback
import Testing

@Suite struct NowPlayingExtrasTests {
    /// Every SPEC §3 metadata key set on the current entry shows in now-playing, unchanged.
    @Test func everyKeyShows() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        let artwork = Artwork(mimeType: "image/jpeg", width: 600, height: 600, url: "file:///art/cover.jpg")
        let tags = TrackMetadata(
            title: "T", artist: "A", albumTitle: "Al", albumArtist: "AA", genre: "Jazz", composer: "C",
            albumTrackNumber: 3, discNumber: 2, duration: 200, isLiveStream: false,
            externalContentIdentifier: "track:42", artwork: artwork)
        #expect(rig.setMetadata(tags, for: rig.entry(0).id) == [.nowPlayingChanged])
        let info = try #require(rig.info)
        #expect(info.metadata == tags)
        #expect(info.metadata.artwork?.url == "file:///art/cover.jpg")
        #expect(info.mediaType == .audio)
        #expect(NowPlayingMediaType.audio.rawValue == "audio")
    }

    /// Unknown keys stay `nil`: a new metadata value knows nothing, artwork included.
    @Test func unknownKeysAreNil() {
        let tags = TrackMetadata()
        #expect(tags.albumArtist == nil)
        #expect(tags.genre == nil)
        #expect(tags.composer == nil)
        #expect(tags.discNumber == nil)
        #expect(tags.isLiveStream == nil)
        #expect(tags.externalContentIdentifier == nil)
        #expect(tags.artwork == nil)
        let artwork = Artwork(url: "file:///a.png")
        #expect(artwork.mimeType == nil && artwork.width == nil && artwork.height == nil)
    }

    /// `playbackProgress` is elapsed over duration, and absent while the duration is unknown
    /// or zero.
    @Test func playbackProgress() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(30)
        #expect(rig.info?.playbackProgress == nil)
        rig.setDuration(120, at: 0)
        #expect(rig.info?.playbackProgress == 0.25)
        rig.advance(1_000)
        #expect(rig.info?.playbackProgress == 1)
        rig.setDuration(0, at: 0)
        #expect(rig.info?.playbackProgress == nil)
    }

    /// `playbackRate` is 0 unless playing, and the chosen rate while playing;
    /// `defaultPlaybackRate` is always 1.
    @Test(arguments: [(PlaybackState.playing, 1.5), (.paused, 0), (.stopped, 0)])
    func rateByState(state: PlaybackState, shown: Double) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: state)
        _ = rig.send(.changePlaybackRate(1.5))
        #expect(rig.info?.playbackRate == shown)
        #expect(rig.info?.defaultPlaybackRate == 1)
    }
}
