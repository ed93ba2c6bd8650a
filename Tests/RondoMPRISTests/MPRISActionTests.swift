import Playback
import Testing

@testable import RondoMPRIS

/// What each MPRIS call asks of the player.
struct MPRISActionTests {
    let snapshot = MPRISSnapshotTests.snapshot()

    @Test(arguments: [
        ("Next", RemoteCommand.nextTrack), ("Previous", .previousTrack), ("Pause", .pause),
        ("PlayPause", .togglePlayPause), ("Stop", .stop), ("Play", .play),
    ])
    func transportMethods(member: String, command: RemoteCommand) {
        #expect(MPRISAction.method(member, snapshot: snapshot, position: 0) == .remote(command))
    }

    /// Seek is relative to where the listener is: clamped at 0 before the start, the next track past the end.
    @Test func seekIsRelative() {
        let seek = { (offset: Int64) in
            MPRISAction.method("Seek", offset: offset, snapshot: self.snapshot, position: self.snapshot.position(at: 1002))
        }
        #expect(seek(5_000_000) == .remote(.changePlaybackPosition(17)))
        #expect(seek(-30_000_000) == .remote(.changePlaybackPosition(0)))
        #expect(seek(200_000_000) == .remote(.nextTrack))
        let stopped = MPRISSnapshotTests.snapshot(.stopped, info: nil)
        #expect(MPRISAction.method("Seek", offset: 1, snapshot: stopped, position: 0) == .ignore)
    }

    /// SetPosition acts only for the current track id and a position within the track.
    @Test func setPositionChecksTrackAndRange() {
        let set = { (track: String, position: Int64) in
            MPRISAction.method("SetPosition", offset: position, trackID: track, snapshot: self.snapshot, position: 0)
        }
        #expect(set(snapshot.trackID, 30_000_000) == .remote(.changePlaybackPosition(30)))
        #expect(set("/org/rondo/track/other", 30_000_000) == .ignore)
        #expect(set(snapshot.trackID, -1) == .ignore)
        #expect(set(snapshot.trackID, 100_000_001) == .ignore)
    }

    @Test func openUriTakesFileURLsOnly() {
        #expect(MPRISAction.method("OpenUri", uri: "file:///music/a%20b.mp3", snapshot: snapshot, position: 0) == .open(path: "/music/a b.mp3"))
        #expect(MPRISAction.method("OpenUri", uri: "http://example.com/a.mp3", snapshot: snapshot, position: 0) == nil)
        #expect(MPRISAction.method("OpenUri", uri: "file://relative", snapshot: snapshot, position: 0) == nil)
        #expect(MPRISAction.method("Frobnicate", snapshot: snapshot, position: 0) == nil)
    }

    @Test func writableProperties() {
        #expect(
            MPRISAction.set("LoopStatus", to: .string("Track"), snapshot: snapshot)
                == .remote(.changeRepeatMode(.one)))
        #expect(
            MPRISAction.set("LoopStatus", to: .string("Playlist"), snapshot: snapshot)
                == .remote(.changeRepeatMode(.all)))
        #expect(
            MPRISAction.set("LoopStatus", to: .string("None"), snapshot: snapshot)
                == .remote(.changeRepeatMode(.off)))
        #expect(MPRISAction.set("LoopStatus", to: .string("Sometimes"), snapshot: snapshot) == nil)
        #expect(
            MPRISAction.set("Shuffle", to: .boolean(true), snapshot: snapshot)
                == .remote(.changeShuffleMode(.items)))
        #expect(
            MPRISAction.set("Shuffle", to: .boolean(false), snapshot: snapshot)
                == .remote(.changeShuffleMode(.off)))
        #expect(
            MPRISAction.set("Rate", to: .double(1.6), snapshot: snapshot)
                == .remote(.changePlaybackRate(1.5)))
        #expect(MPRISAction.set("Rate", to: .double(0), snapshot: snapshot) == .remote(.pause))
        #expect(MPRISAction.set("Rate", to: .double(.nan), snapshot: snapshot) == nil)
        #expect(MPRISAction.set("Volume", to: .double(0.25), snapshot: snapshot) == .setVolume(0.25))
        #expect(MPRISAction.set("Volume", to: .double(1.7), snapshot: snapshot) == .setVolume(1))
        #expect(MPRISAction.set("Volume", to: .double(-1), snapshot: snapshot) == .setVolume(0))
        #expect(MPRISAction.set("Position", to: .int64(0), snapshot: snapshot) == nil)
    }
}
