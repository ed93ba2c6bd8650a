import Playback
import Testing

/// A live stream as the player treats it (SPEC §10): the commands that move through time
/// disabled while it is current, no rate but 1, elapsed time counted from when it was
/// joined, a pause that rejoins the live edge, and what it says shown as title and artist.
@Suite struct LiveStreamTests {
    static let station = "http://radio.example/live.mp3"

    /// A rig playing a file, then the station, with the station known to be live.
    func liveRig() throws -> PlayerRig {
        var rig = PlayerRig()
        _ = rig.append(["/music/a.mp3", Self.station])
        _ = try rig.playIndex(1)
        _ = rig.player.setMetadata(TrackMetadata(title: "live.mp3", isLiveStream: true), for: rig.entry(1).id)
        return rig
    }

    /// While live, the commands that move through time are disabled in `remote.list` and
    /// answer `commandFailed`; every other command stays enabled. A file again enables them.
    @Test func commandsMovingThroughTimeAreDisabledWhileLive() throws {
        var rig = try liveRig()
        let enabled = Dictionary(uniqueKeysWithValues: rig.player.remoteCommands.map { ($0.command, $0.enabled) })
        for kind in RemoteCommandKind.allCases {
            #expect(enabled[kind] == !RemoteCommandKind.movingThroughTime.contains(kind), "\(kind)")
        }
        for command in [
            RemoteCommand.changePlaybackPosition(7), .skipForward(interval: nil), .skipBackward(interval: nil),
            .seekForward(.begin), .seekBackward(.begin), .changePlaybackRate(2),
        ] {
            #expect(rig.send(command).status == .commandFailed, "\(command)")
        }
        #expect(rig.player.rate == 1)
        _ = try rig.playIndex(0)
        #expect(rig.player.remoteCommands.allSatisfy { $0.enabled })
        #expect(rig.send(.changePlaybackPosition(7)).status == .success)
    }

    /// A rate chosen for files does not apply to a live stream: it plays at 1 and its
    /// elapsed time moves with the wall clock; the rate applies again to the next file.
    @Test func liveStreamPlaysAtRateOne() throws {
        var rig = PlayerRig()
        _ = rig.append(["/music/a.mp3", Self.station])
        _ = try rig.playIndex(0)
        _ = rig.send(.changePlaybackRate(2))
        _ = try rig.playIndex(1)
        _ = rig.player.setMetadata(TrackMetadata(isLiveStream: true), for: rig.entry(1).id)
        #expect(rig.player.outputRate == 1)
        #expect(rig.info?.playbackRate == 1)
        rig.advance(10)
        #expect(rig.elapsed == 10)
        _ = try rig.playIndex(0)
        #expect(rig.player.outputRate == 2)
    }

    /// Elapsed time counts from the join and has no end; a pause then play joins again, at
    /// the live edge: the entry is loaded anew from 0 rather than resumed.
    @Test func pauseThenPlayRejoinsTheLiveEdge() throws {
        var rig = try liveRig()
        rig.advance(3_600)
        #expect(rig.elapsed == 3_600)
        #expect(rig.info?.metadata.duration == nil)
        _ = rig.send(.pause)
        rig.advance(60)
        let outcome = rig.send(.play)
        #expect(outcome.status == .success)
        #expect(outcome.effects.contains(.load(rig.entry(1), position: 0, playing: true)))
        #expect(!outcome.effects.contains(.resume))
        #expect(rig.elapsed == 0)
    }

    /// An interruption's end that resumes rejoins the live edge the same way.
    @Test func interruptionEndRejoinsTheLiveEdge() throws {
        var rig = try liveRig()
        rig.advance(30)
        _ = rig.notify(.interruptionBegan)
        rig.advance(120)
        let outcome = rig.notify(.interruptionEnded(shouldResume: true))
        #expect(outcome.effects.contains(.load(rig.entry(1), position: 0, playing: true)))
        #expect(rig.state == .playing)
    }

    /// The ICY `StreamTitle` is kept (without the white space around it) and split on its
    /// first " - " into artist and title.
    @Test(
        arguments: [
            ("Daft Punk - One More Time", "Daft Punk", "One More Time", "Daft Punk - One More Time"),
            ("AC - DC - Thunderstruck", "AC", "DC - Thunderstruck", "AC - DC - Thunderstruck"),
            ("Jingle", nil, "Jingle", "Jingle"),
            ("  Padded - Title  ", "Padded", "Title", "Padded - Title"),
            (" - Title", nil, "- Title", "- Title"),
            ("Artist - ", nil, "Artist -", "Artist -"),
        ] as [(String, String?, String, String)])
    func streamTitleIsSplitIntoArtistAndTitle(_ said: String, _ artist: String?, _ title: String, _ kept: String) {
        let metadata = TrackMetadata(title: "live.mp3", isLiveStream: true).said(byStream: ["StreamTitle": said])
        #expect(metadata.streamTitle == kept)
        #expect(metadata.artist == artist)
        #expect(metadata.title == title)
    }

    /// The station's name is the album title, and the title until a song title is said; an
    /// empty song title goes back to the station's name.
    @Test func stationNameStandsInUntilASongIsNamed() {
        var metadata = TrackMetadata(title: "live.mp3", isLiveStream: true).said(byStream: ["icy-name": "Radio Rondo"])
        #expect(metadata.title == "Radio Rondo")
        #expect(metadata.albumTitle == "Radio Rondo")
        metadata = metadata.said(byStream: ["StreamTitle": "Artist - Song"])
        #expect((metadata.artist, metadata.title, metadata.albumTitle) == ("Artist", "Song", "Radio Rondo"))
        metadata = metadata.said(byStream: ["icy-name": "Radio Rondo"])
        #expect(metadata.title == "Song")
        metadata = metadata.said(byStream: ["StreamTitle": ""])
        #expect((metadata.artist, metadata.title, metadata.streamTitle) == (nil, "Radio Rondo", nil))
    }
}
