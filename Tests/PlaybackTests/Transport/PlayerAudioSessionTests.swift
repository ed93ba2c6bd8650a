import Playback
import Testing

@Suite struct PlayerAudioSessionTests {
    /// What each notice does in each transport state: the state after it and the effects.
    static let table: [(PlaybackState, AudioSessionNotice, PlaybackState, [PlayerEffect])] = [
        (.playing, .interruptionBegan, .interrupted, [.pause, .nowPlayingChanged]),
        (.paused, .interruptionBegan, .paused, []),
        (.stopped, .interruptionBegan, .stopped, []),
        (.playing, .interruptionEnded(shouldResume: true), .playing, []),
        (.paused, .interruptionEnded(shouldResume: true), .paused, []),
        (.stopped, .interruptionEnded(shouldResume: false), .stopped, []),
        (.playing, .routeLost, .paused, [.pause, .nowPlayingChanged]),
        (.paused, .routeLost, .paused, []),
        (.stopped, .routeLost, .stopped, []),
    ]

    /// An interruption pauses only a playing player; an ended interruption or a lost route
    /// leaves a player that was not interrupted or playing alone.
    @Test(arguments: table)
    func noticeInState(_ row: (PlaybackState, AudioSessionNotice, PlaybackState, [PlayerEffect])) throws {
        let (state, notice, after, effects) = row
        var rig = try PlayerRig(count: 3, current: 1, state: state)
        let outcome = rig.notify(notice)
        #expect(outcome.status == .success)
        #expect(outcome.effects == effects)
        #expect(rig.state == after)
        #expect(rig.queue.currentIndex == 1)
    }

    /// An interrupted player holds its position, shows rate 0 and state `interrupted`, and
    /// resumes from there when the interruption ends with `shouldResume`.
    @Test func interruptionHoldsThePositionAndResumes() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        rig.setDuration(60, at: 0)
        rig.advance(7)
        _ = rig.notify(.interruptionBegan)
        rig.advance(5)
        #expect(rig.state == .interrupted)
        #expect(rig.elapsed == 7)
        #expect(rig.info?.playbackRate == 0)
        let outcome = rig.notify(.interruptionEnded(shouldResume: true))
        #expect(outcome.effects == [.resume, .nowPlayingChanged])
        #expect(rig.state == .playing)
        rig.advance(2)
        #expect(rig.elapsed == 9)
    }

    /// An interruption that ends without `shouldResume` leaves the player paused where it
    /// stopped; `play` then resumes it.
    @Test func interruptionEndedWithoutResumeLeavesItPaused() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        rig.setDuration(60, at: 0)
        rig.advance(3)
        _ = rig.notify(.interruptionBegan)
        #expect(rig.notify(.interruptionEnded(shouldResume: false)).effects == [.nowPlayingChanged])
        #expect(rig.state == .paused)
        #expect(rig.elapsed == 3)
        #expect(rig.send(.play).effects == [.resume, .nowPlayingChanged])
        #expect(rig.state == .playing)
    }

    /// `play` while interrupted resumes at once, and the later end of the interruption
    /// changes nothing.
    @Test func playWhileInterruptedResumes() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        _ = rig.notify(.interruptionBegan)
        #expect(rig.send(.play).effects == [.resume, .nowPlayingChanged])
        #expect(rig.notify(.interruptionEnded(shouldResume: true)) == CommandOutcome(.success))
        #expect(rig.state == .playing)
    }

    /// An interruption during a held scan ends the scan at the position it reached.
    @Test func interruptionEndsAScan() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        rig.setDuration(600, at: 0)
        _ = rig.send(.seekForward(.begin))
        rig.advance(1)
        let outcome = rig.notify(.interruptionBegan)
        #expect(outcome.remoteEffects == [.endScan])
        #expect(rig.player.scan == nil)
        #expect(rig.elapsed == 8)
    }

    /// The current item is spoken word exactly when its genre is one of the spoken-word
    /// genres, in any letter case.
    @Test(arguments: [
        ("Podcast", true), ("audiobook", true), ("Speech", true), ("Spoken Word", true), ("Rock", false),
        ("Podcasts", false),
    ])
    func spokenWordByGenre(_ genre: String, _ spoken: Bool) throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .paused)
        #expect(!rig.player.currentIsSpokenWord)
        _ = rig.setMetadata(TrackMetadata(genre: genre), for: rig.entry(0).id)
        #expect(rig.player.currentIsSpokenWord == spoken)
    }
}
