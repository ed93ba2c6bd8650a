import Playback
import Testing

@Suite struct NowPlayingInfoTests {
    /// There is no now-playing info while nothing is current.
    @Test func nilWithoutCurrentEntry() throws {
        var rig = PlayerRig()
        #expect(rig.info == nil)
        _ = rig.append(["/a"])
        #expect(rig.info == nil)
        _ = try rig.replace(["/a", "/b"])
        #expect(rig.info == nil)
    }

    /// While playing, every field describes the current entry as of the query instant.
    @Test func fieldsWhilePlaying() throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .playing)
        let tags = TrackMetadata(
            title: "Title", artist: "Artist", albumTitle: "Album", albumTrackNumber: 4, duration: 245.5)
        #expect(rig.setMetadata(tags, for: rig.entry(1).id) == [.nowPlayingChanged])
        rig.advance(12.25)
        #expect(
            rig.info
                == NowPlayingInfo(
                    metadata: tags, elapsedPlaybackTime: 12.25, playbackRate: 1, defaultPlaybackRate: 1,
                    playbackQueueIndex: 1, playbackQueueCount: 3, assetURL: "file:///music/track1.mp3",
                    timestamp: PlayerRig.start + 12.25))
    }

    /// While paused the rate is 0 and the elapsed time is the frozen position, stamped now.
    @Test func fieldsWhilePaused() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        rig.advance(8)
        _ = rig.send(.pause)
        rig.advance(50)
        let info = try #require(rig.info)
        #expect(info.playbackRate == 0)
        #expect(info.defaultPlaybackRate == 1)
        #expect(info.elapsedPlaybackTime == 8)
        #expect(info.timestamp == rig.now)
    }

    /// While stopped with an entry current the rate is 0 and the position is its start.
    @Test func fieldsWhileStopped() throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .stopped)
        rig.advance(30)
        let info = try #require(rig.info)
        #expect(info.playbackRate == 0)
        #expect(info.elapsedPlaybackTime == 0)
        #expect(info.playbackQueueIndex == 1)
        #expect(info.playbackQueueCount == 2)
        #expect(info.timestamp == rig.now)
    }

    /// The timestamp is always the instant asked about.
    @Test(arguments: [0.0, 0.5, 1.0, 1_000.0])
    func timestampIsNow(offset: Double) throws {
        let rig = try PlayerRig(count: 1, current: 0, state: .playing)
        #expect(rig.player.nowPlayingInfo(at: rig.now + offset)?.timestamp == rig.now + offset)
    }

    /// A reader extrapolating `elapsed + (later - timestamp) * rate` from an earlier info
    /// arrives at the player's own elapsed time, playing or paused.
    @Test func extrapolationMatchesPlayer() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.setDuration(1_000, at: 0)
        rig.advance(3)
        var info = try #require(rig.info)
        rig.advance(40.5)
        #expect(info.elapsedPlaybackTime + (rig.now - info.timestamp) * info.playbackRate == rig.elapsed)
        _ = rig.send(.pause)
        info = try #require(rig.info)
        rig.advance(500)
        #expect(info.elapsedPlaybackTime + (rig.now - info.timestamp) * info.playbackRate == rig.elapsed)
    }

    /// Missing tags stay `nil` rather than becoming empty strings, whether nothing or only
    /// part of the metadata is known.
    @Test func missingMetadataIsNil() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        #expect(rig.info?.metadata == TrackMetadata())
        let unknown = try #require(rig.info?.metadata)
        #expect(unknown.title == nil)
        #expect(unknown.artist == nil)
        #expect(unknown.albumTitle == nil)
        #expect(unknown.albumTrackNumber == nil)
        #expect(unknown.duration == nil)
        _ = rig.setMetadata(TrackMetadata(title: "Only a title"), for: rig.entry(0).id)
        let partial = try #require(rig.info?.metadata)
        #expect(partial.title == "Only a title")
        #expect(partial.artist == nil)
        #expect(partial.albumTitle == nil)
        #expect(partial.albumTrackNumber == nil)
        #expect(partial.duration == nil)
    }

    /// Queue index and count follow queue edits around the current entry.
    @Test func queueIndexAndCountFollowEdits() throws {
        var rig = try PlayerRig(count: 3, current: 1, state: .playing)
        #expect(rig.info?.playbackQueueIndex == 1)
        #expect(rig.info?.playbackQueueCount == 3)
        _ = rig.append(["/x", "/y"])
        #expect(rig.info?.playbackQueueCount == 5)
        _ = try rig.remove(0)
        #expect(rig.info?.playbackQueueIndex == 0)
        #expect(rig.info?.playbackQueueCount == 4)
        _ = try rig.move(0, to: 3)
        #expect(rig.info?.playbackQueueIndex == 3)
        _ = rig.send(.previousTrack)
        #expect(rig.info?.playbackQueueIndex == 2)
    }

    /// The asset URL is a `file://` URL of the path with every byte outside the unreserved
    /// set percent-encoded (spaces and UTF-8 of non-ASCII included) and slashes kept.
    @Test(arguments: [
        ("/music/track.mp3", "file:///music/track.mp3"),
        ("/music/a b.mp3", "file:///music/a%20b.mp3"),
        ("/music/Beyonc\u{E9}/D\u{E9}j\u{E0} Vu.mp3", "file:///music/Beyonc%C3%A9/D%C3%A9j%C3%A0%20Vu.mp3"),
        ("/music/e\u{301}.mp3", "file:///music/e%CC%81.mp3"),
        ("/music/\u{65E5}\u{672C}.mp3", "file:///music/%E6%97%A5%E6%9C%AC.mp3"),
        ("/music/\u{1F3B5}.mp3", "file:///music/%F0%9F%8E%B5.mp3"),
        ("/music/A-z_0.9~.mp3", "file:///music/A-z_0.9~.mp3"),
        ("/music/100%.mp3", "file:///music/100%25.mp3"),
        ("/music/a#b?c&d.mp3", "file:///music/a%23b%3Fc%26d.mp3"),
        ("/music//double.mp3", "file:///music//double.mp3"),
    ])
    func assetURLPercentEncoding(path: String, url: String) throws {
        var rig = PlayerRig()
        _ = rig.append([path])
        _ = try rig.playIndex(0)
        #expect(rig.info?.assetURL == url)
    }
}
