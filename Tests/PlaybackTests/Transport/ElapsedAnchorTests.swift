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

/// A published status's elapsed time: what the output hears while it plays the current
/// entry, else the anchor.
@Suite struct PublishedElapsedTests {
    private func status(_ state: PlaybackState) -> PlayerStatus {
        var status = PlayerStatus(state: state, count: 2)
        status.currentID = 7
        status.duration = 60
        status.elapsed = ElapsedAnchor(elapsed: 10, at: 100, rate: state == .playing ? 1 : 0, duration: 60)
        return status
    }

    /// Playing the current entry, the heard position wins over the anchor (a stream that
    /// started a moment after its load runs behind the load's anchor), within the length.
    @Test func theHeardPositionOfTheCurrentEntryWins() {
        #expect(status(.playing).elapsed(at: 105, heard: (sourceID: 7, seconds: 13.5)) == 13.5)
        #expect(status(.playing).elapsed(at: 105, heard: (sourceID: 7, seconds: 61)) == 60)
    }

    /// Another source heard (the next entry, before the queue moved on), nothing heard, or
    /// not playing: the anchor.
    @Test(arguments: [
        (PlaybackState.playing, UInt64?.some(8)), (.playing, nil), (.paused, 7), (.stopped, 7),
    ])
    func otherwiseTheAnchor(state: PlaybackState, source: UInt64?) {
        let status = status(state)
        #expect(status.elapsed(at: 105, heard: source.map { (sourceID: $0, seconds: 40) }) == status.elapsed(at: 105))
    }
}
