import RondoProtocol
import RondoRouting
import RondoTesting
import Testing

/// What `nowPlaying.get` answers from the published snapshot, without the player's actor.
struct NowPlayingSnapshotTests {
    /// Entry 7 published playing at 1.5×, 10 s into 100 s, at t = 1000.
    private func snapshot(state: PlaybackStateName = .playing, duration: Double? = 100) -> NowPlayingSnapshot {
        var info = NowPlayingInfoPayload()
        info.title = "A"
        info.playbackDuration = duration
        info.elapsedPlaybackTime = 10
        info.playbackRate = state == .playing ? 1.5 : 0
        info.playbackProgress = duration.map { 10 / $0 }
        info.timestamp = 1000
        return NowPlayingSnapshot(state: NowPlayingState(info: info, playbackState: state, volume: 0.5), entryID: 7)
    }

    /// While the output plays the current entry, the elapsed time is what it hears, as of now.
    @Test func playingTakesTheHeardPosition() {
        let state = snapshot().state(at: 1004, heard: (sourceID: 7, seconds: 15.25))
        #expect(state.info.elapsedPlaybackTime == 15.25)
        #expect(state.info.timestamp == 1004)
        #expect(state.info.playbackProgress == 0.1525)
        #expect(state.info.title == "A")
        #expect(state.volume == 0.5)
    }

    /// Heard audio of another entry (the next one pre-rolled, or an old one still draining)
    /// says nothing about this one: its time is carried forward at its rate.
    @Test func anotherSourceIsCarriedForward() {
        let state = snapshot().state(at: 1004, heard: (sourceID: 8, seconds: 1))
        #expect(state.info.elapsedPlaybackTime == 16)
        #expect(state.info.timestamp == 1004)
        #expect(snapshot().state(at: 1002, heard: nil).info.elapsedPlaybackTime == 13)
    }

    /// Once the output plays the next source, before the player has moved the queue on, the
    /// entry is carried forward from the furthest it was heard when that is further than its
    /// published time carried forward: the answer never steps back at the end of a track.
    @Test func theNextSourceHeardNeverTakesTheEntryBack() {
        #expect(snapshot().state(at: 1004, heard: (sourceID: 8, seconds: 0.01), furthestHeard: 16.5).info.elapsedPlaybackTime == 16.5)
        #expect(snapshot().state(at: 1004, heard: (sourceID: 8, seconds: 0.01), furthestHeard: 15).info.elapsedPlaybackTime == 16)
        #expect(snapshot().state(at: 1004, heard: (sourceID: 8, seconds: 0.01), furthestHeard: 120).info.elapsedPlaybackTime == 100)
        let holder = PublishedNowPlaying()
        holder.store(snapshot(), version: 1)
        #expect(holder.state(at: 1004) { (sourceID: 7, seconds: 16.75) }.info.elapsedPlaybackTime == 16.75)
        #expect(holder.state(at: 1004.01) { (sourceID: 8, seconds: 0.01) }.info.elapsedPlaybackTime == 16.75)
        #expect(holder.state(at: 1005) { (sourceID: 8, seconds: 0.5) }.info.elapsedPlaybackTime == 17.5)
        holder.store(snapshot(), version: 2)
        let carried = holder.state(at: 1004.01) { (sourceID: 8, seconds: 0.01) }.info.elapsedPlaybackTime
        #expect(abs((carried ?? 0) - 16.015) < 1e-9, "a new snapshot starts with nothing heard")
    }

    /// The elapsed time never passes the duration nor falls below zero, and a clock that
    /// went back does not move it backwards.
    @Test func staysWithinTheItem() {
        #expect(snapshot().state(at: 2000, heard: nil).info.elapsedPlaybackTime == 100)
        #expect(snapshot().state(at: 2000, heard: nil).info.playbackProgress == 1)
        #expect(snapshot().state(at: 1001, heard: (sourceID: 7, seconds: -0.5)).info.elapsedPlaybackTime == 0)
        #expect(snapshot().state(at: 990, heard: nil).info.elapsedPlaybackTime == 10)
        #expect(snapshot(duration: nil).state(at: 2000, heard: nil).info.elapsedPlaybackTime == 1510)
        #expect(snapshot(duration: nil).state(at: 2000, heard: nil).info.playbackProgress == nil)
    }

    /// Paused, stopped or interrupted, the state is served exactly as published.
    @Test(arguments: [PlaybackStateName.paused, .stopped, .interrupted])
    func notPlayingIsServedAsPublished(_ playbackState: PlaybackStateName) {
        let published = snapshot(state: playbackState)
        #expect(published.state(at: 5000, heard: (sourceID: 7, seconds: 50)) == published.state)
        #expect(NowPlayingSnapshot.empty.state(at: 5000, heard: nil) == NowPlayingSnapshot.empty.state)
    }

    /// What the holder answers is, byte for byte, the full encoding of the state at that
    /// moment: for seeded random playing, paused and stopped snapshots (with and without a
    /// duration, heard or not, at any rate), at random later moments.
    @Test func theHolderAnswersTheFullEncodingAtEveryMoment() throws {
        let codec = JSONRPCCodec()
        let holder = PublishedNowPlaying()
        var generator = SplitMix64(seed: 1_764)
        func random(_ range: Double) -> Double { Double(generator.next() % 1_000_000) / 1_000_000 * range }
        var templated = 0
        for round in 0..<600 {
            let states: [PlaybackStateName] = [.playing, .playing, .paused, .stopped]
            var info = NowPlayingInfoPayload()
            info.title = round.isMultiple(of: 7) ? #""timestamp":1.375e+300"# : "Track \(round)"
            info.playbackDuration = [nil, 0, 1.5, 212.4, random(3600)][round % 5]
            info.elapsedPlaybackTime = round.isMultiple(of: 11) ? nil : random(300)
            info.playbackRate = [0.5, 1, 1.25, 2][round % 4]
            info.playbackProgress = round.isMultiple(of: 3) ? 0.5 : nil
            info.timestamp = 1_764_000_000 + random(100)
            let snapshot = NowPlayingSnapshot(
                state: NowPlayingState(info: info, playbackState: states[round % 4], volume: random(1)), entryID: UInt64(round % 3))
            holder.store(snapshot, version: UInt64(round + 1))
            if snapshot.movingTemplate(codec: codec) != nil { templated += 1 }
            var furthestHeard: Double?
            for _ in 0..<3 {
                let now = (info.timestamp ?? 0) + random(500) - 5
                let heard = generator.next() % 2 == 0 ? (sourceID: UInt64(generator.next() % 3), seconds: random(400)) : nil
                if snapshot.state.playbackState == .playing, let heard, heard.sourceID == snapshot.entryID {
                    furthestHeard = max(furthestHeard ?? 0, heard.seconds)
                }
                let expected = try codec.encodeResult(snapshot.state(at: now, heard: heard, furthestHeard: furthestHeard))
                #expect(try holder.encoded(at: now, heard: { heard }) == expected, "round \(round)")
            }
        }
        #expect(templated > 200)
    }

    /// The holder returns what was stored last, and a store older than what it holds
    /// changes nothing.
    @Test func theHolderKeepsTheLastSnapshot() {
        let holder = PublishedNowPlaying()
        #expect(holder.load() == .empty)
        holder.store(snapshot(), version: 2)
        #expect(holder.load() == snapshot())
        holder.store(snapshot(state: .paused), version: 1)
        #expect(holder.load() == snapshot())
    }

    /// A publication is made into the wire's form once, by its first reader; a later
    /// publication is made again.
    @Test func eachPublicationIsMadeOnce() {
        let holder = PublishedNowPlaying()
        var made = 0
        for _ in 0..<3 {
            holder.bringUp(to: 1) {
                made += 1
                return snapshot()
            }
        }
        #expect(made == 1)
        holder.bringUp(to: 2) {
            made += 1
            return snapshot(state: .paused)
        }
        #expect(made == 2)
        #expect(holder.load() == snapshot(state: .paused))
    }
}
