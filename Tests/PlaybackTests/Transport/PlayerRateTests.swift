import Playback
import Testing

@Suite struct PlayerRateTests {
    /// Without a rate, `changePlaybackRate` cycles 1.0 → 1.5 → 2.0 → 0.5 → 1.0.
    @Test func cycle() {
        var rig = PlayerRig(count: 1)
        var seen: [Double] = []
        for _ in 0..<5 {
            _ = rig.send(.changePlaybackRate(nil))
            seen.append(rig.player.rate)
        }
        #expect(seen == [1.5, 2.0, 0.5, 1.0, 1.5])
    }

    /// `nextRate` gives the next faster supported rate, wrapping, also from rates that are
    /// not supported.
    @Test(arguments: [(1.0, 1.5), (1.5, 2.0), (2.0, 0.5), (0.5, 1.0), (0.75, 1.0), (3.0, 0.5), (0.1, 0.5)])
    func nextRate(from rate: Double, to expected: Double) {
        #expect(Player.nextRate(after: rate) == expected)
    }

    /// A supported rate is taken while playing: the output is told, now-playing republishes,
    /// and `remote.changed` announces the new `currentPlaybackRate`.
    @Test(arguments: [0.5, 1.5, 2.0])
    func supportedRateWhilePlaying(rate: Double) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(10)
        let outcome = rig.send(.changePlaybackRate(rate))
        #expect(outcome == CommandOutcome(.success, [.nowPlayingChanged], remoteEffects: [.setRate(rate), .remoteChanged]))
        #expect(rig.player.rate == rate)
        #expect(rig.info?.playbackRate == rate)
        #expect(rig.info?.defaultPlaybackRate == 1)
    }

    /// While paused or stopped the rate is recorded and the output told, but now-playing shows
    /// rate 0 either way, so nothing republishes; the rate applies once playing.
    @Test(arguments: [PlaybackState.paused, .stopped])
    func rateWhileNotPlaying(state: PlaybackState) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: state)
        #expect(rig.send(.changePlaybackRate(2)) == CommandOutcome(.success, remoteEffects: [.setRate(2), .remoteChanged]))
        #expect(rig.info?.playbackRate == 0)
        _ = rig.send(.play)
        rig.advance(10)
        #expect(rig.info?.playbackRate == 2)
        #expect(rig.elapsed == 20)
    }

    /// An unsupported rate fails with `commandFailed`, reason `unsupportedPlaybackRate`, and
    /// changes nothing.
    @Test(arguments: [0.0, -1.0, 0.75, 3.0, 8.0, .nan, .infinity])
    func unsupportedRate(rate: Double) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        let before = rig.snapshot
        #expect(rig.send(.changePlaybackRate(rate)) == CommandOutcome(.commandFailed, reason: .unsupportedPlaybackRate))
        #expect(rig.snapshot == before)
    }

    /// Asking for the rate already in force succeeds without effects.
    @Test func sameRate() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        #expect(rig.send(.changePlaybackRate(1)) == CommandOutcome(.success))
    }

    /// The rate is a setting: it changes with an empty queue too.
    @Test func rateWithEmptyQueue() {
        var rig = PlayerRig()
        #expect(rig.send(.changePlaybackRate(nil)).status == .success)
        #expect(rig.player.rate == 1.5)
    }

    /// Elapsed time advances at the rate, re-anchored at each change, and a reader
    /// extrapolating from the published info agrees with the player.
    @Test func extrapolationUsesRate() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.setDuration(1_000, at: 0)
        rig.advance(10)
        _ = rig.send(.changePlaybackRate(2))
        rig.advance(10)
        #expect(rig.elapsed == 30)
        let info = try #require(rig.info)
        rig.advance(7)
        #expect(info.elapsedPlaybackTime + (rig.now - info.timestamp) * info.playbackRate == rig.elapsed)
        _ = rig.send(.changePlaybackRate(0.5))
        rig.advance(10)
        #expect(rig.elapsed == 49)
        #expect(rig.info?.playbackProgress == 0.049)
    }

    /// The rate lasts across items.
    @Test func rateLastsAcrossItems() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        _ = rig.send(.changePlaybackRate(1.5))
        _ = rig.send(.nextTrack)
        rig.advance(4)
        #expect(rig.player.rate == 1.5)
        #expect(rig.elapsed == 6)
    }
}
