import Playback
import Testing

@Suite struct PlayerScanTests {
    /// While `seekForward` is held media time advances at 8×; its end restores the chosen
    /// rate from where the scan got to. The output is told both, and now-playing shows the
    /// scan rate.
    @Test func scanForward() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(10)
        #expect(rig.send(.seekForward(.begin)) == CommandOutcome(.success, [.nowPlayingChanged], remoteEffects: [.scan(.forward)]))
        #expect(rig.player.scan == .forward)
        #expect(rig.info?.playbackRate == 8)
        rig.advance(5)
        #expect(rig.elapsed == 50)
        #expect(rig.send(.seekForward(.end)) == CommandOutcome(.success, [.nowPlayingChanged], remoteEffects: [.endScan]))
        #expect(rig.info?.playbackRate == 1)
        rig.advance(5)
        #expect(rig.elapsed == 55)
    }

    /// A backward scan rewinds at 8× and stops at 0; after its end play goes on from 0.
    @Test func scanBackwardStopsAtZero() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(20)
        _ = rig.send(.seekBackward(.begin))
        #expect(rig.info?.playbackRate == -8)
        rig.advance(1)
        #expect(rig.elapsed == 12)
        rig.advance(10)
        #expect(rig.elapsed == 0)
        _ = rig.send(.seekBackward(.end))
        rig.advance(3)
        #expect(rig.elapsed == 3)
    }

    /// A forward scan stops at the item's duration while the output moves on.
    @Test func scanForwardClampsToDuration() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        rig.setDuration(30, at: 0)
        _ = rig.send(.seekForward(.begin))
        rig.advance(10)
        #expect(rig.elapsed == 30)
        _ = rig.report(.advanced(to: rig.entry(1).id))
        rig.advance(1)
        #expect(rig.player.scan == .forward)
        #expect(rig.elapsed == 8)
    }

    /// A reader extrapolating from the info published at the scan's start agrees with the
    /// player.
    @Test func extrapolationWhileScanning() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(100)
        _ = rig.send(.seekBackward(.begin))
        let info = try #require(rig.info)
        rig.advance(3.5)
        #expect(info.elapsedPlaybackTime + (rig.now - info.timestamp) * info.playbackRate == rig.elapsed)
    }

    /// Beginning the other direction turns the scan; ending a scan that is not held does
    /// nothing.
    @Test func turnAndStrayEnd() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.advance(50)
        _ = rig.send(.seekForward(.begin))
        #expect(rig.send(.seekForward(.begin)) == CommandOutcome(.success))
        rig.advance(1)
        #expect(rig.send(.seekBackward(.begin)).remoteEffects == [.scan(.backward)])
        rig.advance(1)
        #expect(rig.elapsed == 50)
        #expect(rig.send(.seekForward(.end)) == CommandOutcome(.success))
        #expect(rig.player.scan == .backward)
        #expect(rig.send(.seekBackward(.end)).remoteEffects == [.endScan])
    }

    /// Pausing ends a held scan (the output is told); stopping ends it with the output.
    @Test func pauseAndStopEndScan() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        _ = rig.send(.seekForward(.begin))
        rig.advance(2)
        #expect(rig.send(.pause) == CommandOutcome(.success, [.pause, .nowPlayingChanged], remoteEffects: [.endScan]))
        #expect(rig.player.scan == nil)
        #expect(rig.elapsed == 16)
        _ = rig.send(.play)
        _ = rig.send(.seekForward(.begin))
        #expect(rig.send(.stop) == CommandOutcome(.success, [.stop, .nowPlayingChanged]))
        #expect(rig.player.scan == nil)
    }

    /// A scan begun while paused is held without moving; playing then scans.
    @Test func scanWhilePaused() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .paused)
        #expect(rig.send(.seekForward(.begin)) == CommandOutcome(.success, remoteEffects: [.scan(.forward)]))
        rig.advance(10)
        #expect(rig.elapsed == 0)
        _ = rig.send(.play)
        rig.advance(1)
        #expect(rig.elapsed == 8)
    }

    /// A rate change ends a held scan and takes the new rate; asking for the current rate
    /// while scanning only ends the scan.
    @Test func rateChangeEndsScan() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        _ = rig.send(.seekForward(.begin))
        #expect(rig.send(.changePlaybackRate(1)) == CommandOutcome(.success, [.nowPlayingChanged], remoteEffects: [.endScan]))
        _ = rig.send(.seekForward(.begin))
        let outcome = rig.send(.changePlaybackRate(2))
        #expect(outcome == CommandOutcome(.success, [.nowPlayingChanged], remoteEffects: [.endScan, .setRate(2), .remoteChanged]))
        #expect(rig.player.outputRate == 2)
    }

    /// The output stopping (end of the queue, clearing) or getting lost ends the scan.
    @Test func outputEndingEndsScan() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        _ = rig.send(.seekForward(.begin))
        _ = rig.report(.reachedEnd)
        #expect(rig.player.scan == nil)
        _ = try rig.playIndex(0)
        _ = rig.send(.seekForward(.begin))
        _ = rig.report(.outputLost)
        #expect(rig.player.scan == nil)
        #expect(rig.state == .paused)
        _ = rig.send(.seekBackward(.begin))
        _ = rig.clear()
        #expect(rig.player.scan == nil)
    }

    /// The scan rate is 8×.
    @Test func scanRate() {
        #expect(Player.scanRate == 8)
        #expect(ScanDirection.forward.rate == 8)
        #expect(ScanDirection.backward.rate == -8)
    }
}
