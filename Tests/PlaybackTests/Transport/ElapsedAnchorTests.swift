import Playback
import Testing

/// The one way an elapsed time is carried forward.
@Suite struct ElapsedAnchorTests {
    /// Playing moves at the rate; paused (rate 0) stays; a scan backward moves back.
    @Test(arguments: [(1.0, 15.0), (0.0, 10.0), (2.0, 20.0), (0.5, 12.5), (-8.0, 0.0)])
    func movesAtItsRate(rate: Double, expected: Double) {
        #expect(ElapsedAnchor(elapsed: 10, at: 100, rate: rate).elapsed(at: 105) == expected)
    }

    /// Media time stays within the item: never past its length, never below 0.
    @Test func staysWithinTheItem() {
        let anchor = ElapsedAnchor(elapsed: 58, at: 0, rate: 1, duration: 60)
        #expect(anchor.elapsed(at: 1) == 59)
        #expect(anchor.elapsed(at: 10) == 60)
        #expect(ElapsedAnchor(elapsed: 2, at: 0, rate: -8).elapsed(at: 1) == 0)
    }

    /// A moment before the anchor (a clock read a little earlier elsewhere) is the anchor.
    @Test func anEarlierMomentIsTheAnchor() {
        #expect(ElapsedAnchor(elapsed: 10, at: 100, rate: 1).elapsed(at: 99.5) == 10)
    }

    /// The player's own elapsed time is its anchor's.
    @Test func thePlayersElapsedTimeIsItsAnchors() {
        var player = Player(seed: 1)
        _ = player.append(["/a.mp3"], at: 0)
        _ = player.handle(.play, at: 0)
        #expect(player.elapsed(at: 3) == player.elapsedAnchor.elapsed(at: 3))
        #expect(player.elapsedAnchor.rate == (player.state == .playing ? player.outputRate : 0))
    }
}
