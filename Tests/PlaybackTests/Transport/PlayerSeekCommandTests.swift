import Playback
import Testing

/// `changePlaybackPosition`, `skipForward` and `skipBackward`: seeking within the item.
@Suite struct PlayerSeekCommandTests {
    // MARK: changePlaybackPosition

    /// `changePlaybackPosition` seeks to the position clamped to [0, duration].
    @Test(arguments: [(50.0, 50.0), (-10.0, 0.0), (250.0, 200.0), (0.0, 0.0), (200.0, 200.0), (199.5, 199.5)])
    func changePlaybackPositionClamps(position: Double, expected: Double) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.setDuration(200, at: 0)
        rig.advance(20)
        let outcome = rig.send(.changePlaybackPosition(position))
        #expect(outcome == CommandOutcome(.success, [.seek(to: expected), .nowPlayingChanged]))
        #expect(rig.elapsed == expected)
        #expect(rig.state == .playing)
    }

    /// Without a known duration only the lower bound applies.
    @Test func changePlaybackPositionWithoutDuration() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        #expect(rig.send(.changePlaybackPosition(500)) == CommandOutcome(.success, [.seek(to: 500), .nowPlayingChanged]))
        rig.advance(1)
        #expect(rig.elapsed == 501)
    }

    /// Seeking while paused moves the frozen position and keeps it frozen.
    @Test func changePlaybackPositionWhilePaused() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .paused)
        #expect(rig.send(.changePlaybackPosition(80)) == CommandOutcome(.success, [.seek(to: 80), .nowPlayingChanged]))
        rig.advance(30)
        #expect(rig.elapsed == 80)
        #expect(rig.state == .paused)
    }

    /// Seeking while stopped moves the shown position without touching the output.
    @Test func changePlaybackPositionWhileStopped() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .stopped)
        #expect(rig.send(.changePlaybackPosition(42)) == CommandOutcome(.success, [.nowPlayingChanged]))
        #expect(rig.state == .stopped)
        #expect(rig.info?.elapsedPlaybackTime == 42)
    }

    // MARK: skipForward and skipBackward

    /// Skipping seeks relative to the elapsed time, by 15 s by default or by the given
    /// interval, clamped to [0, duration].
    @Test(arguments: [
        (10.0, RemoteCommand.skipForward(interval: nil), 25.0),
        (10.0, .skipForward(interval: 30), 40.0),
        (190.0, .skipForward(interval: nil), 200.0),
        (20.0, .skipBackward(interval: nil), 5.0),
        (10.0, .skipBackward(interval: nil), 0.0),
        (20.0, .skipBackward(interval: 5), 15.0),
        (0.0, .skipBackward(interval: 1), 0.0),
    ])
    func skipSeeksRelative(played: Double, command: RemoteCommand, expected: Double) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.setDuration(200, at: 0)
        rig.advance(played)
        #expect(rig.send(command) == CommandOutcome(.success, [.seek(to: expected), .nowPlayingChanged]))
        #expect(rig.elapsed == expected)
    }

    /// Seeks keep the position finite even when huge but finite (JSON-legal) intervals or
    /// positions add up past the largest Double while the duration is unknown, so the output
    /// is never told to seek to infinity and now-playing stays encodable.
    @Test func seekPositionStaysFinite() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        for command in [
            RemoteCommand.skipForward(interval: 1.7e308), .skipForward(interval: 1.7e308),
            .changePlaybackPosition(.greatestFiniteMagnitude), .skipForward(interval: .greatestFiniteMagnitude),
        ] {
            let outcome = rig.send(command)
            for case .seek(let target) in outcome.effects {
                #expect(target.isFinite, "\(command) seeks to \(target)")
            }
            #expect(rig.elapsed.isFinite, "elapsed after \(command) is \(rig.elapsed)")
            #expect(rig.info?.elapsedPlaybackTime.isFinite == true)
        }
    }

    /// Music skips 15 s either way; spoken word 15 s back and 30 s forward, as podcast apps
    /// do; each default is the interval the command center publishes.
    @Test func skipIntervalsAre15ForMusicAnd15Back30ForwardForSpokenWord() throws {
        #expect(Player.restartThreshold == 3)
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(60)
        #expect(rig.published(.skipForward) == [15] && rig.published(.skipBackward) == [15])
        _ = rig.send(.skipForward(interval: nil))
        #expect(rig.elapsed == 75)
        _ = rig.setMetadata(TrackMetadata(title: "Episode", genre: "Podcast"), for: rig.entry(0).id)
        #expect(rig.published(.skipForward) == [30] && rig.published(.skipBackward) == [15])
        _ = rig.send(.skipForward(interval: nil))
        #expect(rig.elapsed == 105)
        _ = rig.send(.skipBackward(interval: nil))
        #expect(rig.elapsed == 90)
        rig.player.skipIntervals = SkipIntervals(spokenBack: 10, spokenForward: 45)
        #expect(rig.published(.skipForward) == [45] && rig.published(.skipBackward) == [10])
        _ = rig.send(.skipBackward(interval: nil))
        #expect(rig.elapsed == 80)
    }

    /// Skipping while paused is relative to the frozen position.
    @Test func skipWhilePaused() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(40)
        _ = rig.send(.pause)
        rig.advance(1000)
        #expect(rig.send(.skipBackward(interval: nil)) == CommandOutcome(.success, [.seek(to: 25), .nowPlayingChanged]))
        #expect(rig.send(.skipForward(interval: 2.5)) == CommandOutcome(.success, [.seek(to: 27.5), .nowPlayingChanged]))
        #expect(rig.elapsed == 27.5)
    }
}
