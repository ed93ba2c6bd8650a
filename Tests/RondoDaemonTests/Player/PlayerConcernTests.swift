import Playback
import TagReading
import Testing

@testable import RondoDaemon

/// What resume_on_output remembers between the player's changes.
struct OutputResumeWatchTests {
    @Test func aStopIsNotedOnceAndPlayingForgetsIt() {
        var watch = OutputResumeWatch(rule: OutputResume(pattern: "car*", window: 60))
        watch.note(playing: false, wasPlaying: true, at: 100)
        watch.note(playing: false, wasPlaying: false, at: 130)
        #expect(watch.lastStop == 100)
        #expect(watch.resumes(on: "car1", entry: 1, position: 0, now: 160))
        #expect(!watch.resumes(on: "car1", entry: 1, position: 0, now: 161), "past the window")
        #expect(!watch.resumes(on: "phone", entry: 1, position: 0, now: 101), "a sink the rule does not name")
        watch.note(playing: true, wasPlaying: false, at: 200)
        #expect(watch.lastStop == nil && !watch.resumes(on: "car1", entry: 1, position: 0, now: 201))
    }

    @Test func aRouteLossResumesWhereItPausedUntilPlayingAgain() {
        var watch = OutputResumeWatch(rule: OutputResume(pattern: "*", window: 0))
        watch.noteRouteLoss(OutputResume.Pause(entry: 3, position: 12))
        #expect(watch.resumes(on: "any", entry: 3, position: 12.5, now: 10_000))
        watch.note(playing: true, wasPlaying: false, at: 10_001)
        #expect(watch.lostRoutePause == nil)
        #expect(!OutputResumeWatch(rule: nil).resumes(on: "any", entry: 3, position: 12, now: 0), "no rule, no resume")
    }

    @Test func onlyTheSinkResumedOnGivesTheMusicBackWhenItGoes() {
        var watch = OutputResumeWatch(rule: OutputResume(pattern: "*", window: 0))
        watch.resumed(on: "car")
        let phone = watch.wentAway("phone")
        let car = watch.wentAway("car")
        let again = watch.wentAway("car")
        #expect(!phone && car && !again, "only the sink resumed on, once")
    }
}

/// When the player's session is released once sound stops.
struct SessionReleaseTests {
    @Test func theFirstChoreBeginsTheWaitAndTheDeadlineReleases() {
        var release = SessionRelease(after: 5)
        #expect(release.untilDue(from: 0) == 0, "due at once, to begin the wait")
        let begun = release.isDue(at: 10)
        #expect(!begun && release.untilDue(from: 12) == 3)
        let early = release.isDue(at: 14.9)
        let due = release.isDue(at: 15)
        #expect(!early && due)
        #expect(release.deadline == nil, "released once")
    }

    @Test func soundCancelsAndAReloadMovesTheDeadline() {
        var release = SessionRelease(after: 5)
        _ = release.isDue(at: 10)
        release.setReleaseAfter(20)
        #expect(release.deadline == 30 && release.releaseAfter == 20)
        release.cancel()
        #expect(release.deadline == nil)
        let dueAtOnce = release.isDue(at: 40)
        #expect(!dueAtOnce, "a new wait begins")
        #expect(release.deadline == 60)
    }
}

/// The player's transport fades and its sleep level.
struct PlayerFadesTests {
    @Test func aFadeOutHoldsItsActionUntilEndedOnce() {
        var fades = PlayerFades(milliseconds: 250)
        #expect(fades.seconds == 0.25 && !fades.isFadingOut)
        let ticket = fades.beginFadeOut {}
        #expect(fades.isFadingOut && fades.isCurrent(ticket))
        let ended = fades.endFadeOut()
        #expect(ended != nil && !fades.isCurrent(ticket), "the wait that ends later finds it over")
        let endedAgain = fades.endFadeOut()
        #expect(endedAgain == nil)
    }

    @Test func aNewFadeOutReplacesTheWaitOfTheLast() {
        var fades = PlayerFades(milliseconds: 100)
        let first = fades.beginFadeOut {}
        let second = fades.beginFadeOut {}
        #expect(!fades.isCurrent(first) && fades.isCurrent(second))
    }
}

/// What the player knows of each location it queued.
struct TrackDescriptionsTests {
    private func description(_ title: String) -> TrackDescription {
        TrackDescription(metadata: TrackMetadata(title: title), replayGain: ReplayGainValues(), libraryTrack: nil)
    }

    @Test func aLocationIsAskedForOnceUntilDescribed() {
        var known = TrackDescriptions()
        let first = known.request("/a.mp3")
        let second = known.request("/a.mp3")
        #expect(first && !second, "asked once")
        #expect(known.isKnownOrAsked("/a.mp3") && !known.isKnownOrAsked("/b.mp3"))
        _ = known.take(description("a"), at: "/a.mp3")
        #expect(known["/a.mp3"]?.metadata.title == "a")
        let whenKnown = known.request("/a.mp3")
        #expect(!whenKnown, "known")
        known.redescribe("/a.mp3", forgetting: true)
        #expect(known["/a.mp3"] == nil && known.isKnownOrAsked("/a.mp3"))
    }

    @Test func whatAStreamSaidOutlivesALaterDescription() {
        var known = TrackDescriptions()
        let url = "http://radio.example/stream"
        known.streamSaid(["StreamTitle": "Song"], at: url, metadata: description("x").metadata)
        let taken = known.take(description("station"), at: url)
        #expect(taken.metadata == description("station").metadata.said(byStream: ["StreamTitle": "Song"]))
        #expect(known[url]?.metadata == taken.metadata)
    }

    @Test func chaptersAreSetOnlyOnAKnownDescription() {
        var known = TrackDescriptions()
        let chapter = Chapter(title: "One", start: 0)
        let unknown = known.setChapters([chapter], at: "/a.mp3")
        _ = known.take(description("a"), at: "/a.mp3")
        let set = known.setChapters([chapter], at: "/a.mp3")
        #expect(unknown == nil && set?.metadata.chapters == [chapter])
    }

    /// Past its capacity the cache lets the oldest go, but never those in use, and a
    /// location let go is asked for again.
    @Test func theOldestGoPastTheCapacityButThoseInUse() {
        var known = TrackDescriptions()
        let total = TrackDescriptions.capacity * 2
        for index in 0..<total {
            _ = known.take(description("\(index)"), at: "/\(index).mp3", keeping: ["/0.mp3"])
        }
        #expect(known.count <= TrackDescriptions.capacity + TrackDescriptions.capacity / 4)
        #expect(known["/0.mp3"]?.metadata.title == "0", "in use: kept")
        #expect(known["/1.mp3"] == nil, "the oldest: let go")
        #expect(known["/\(total - 1).mp3"]?.metadata.title == "\(total - 1)", "the newest: kept")
        let askedAgain = known.request("/1.mp3")
        #expect(askedAgain)
    }
}

/// Output changes wait on the audio server with the player's actor free: the next one
/// waits its turn, so no two interleave their steps.
struct OutputMovesTests {
    /// Changes on an actor that suspends in the middle of each, as the player's do.
    private actor Changes {
        var moves = OutputMoves()
        var log: [String] = []

        func change(_ name: String) async {
            if !moves.enter() { await withCheckedContinuation { moves.wait($0) } }
            log.append("\(name) starts")
            for _ in 0..<3 { await Task.yield() }
            log.append("\(name) ends")
            moves.leave()?.resume()
        }
    }

    @Test func changesNeverInterleave() async {
        let changes = Changes()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 { group.addTask { await changes.change("change \(index)") } }
        }
        let log = await changes.log
        #expect(log.count == 40)
        for start in stride(from: 0, to: log.count, by: 2) {
            let name = String(log[start].dropLast(" starts".count))
            #expect(log[start].hasSuffix(" starts") && log[start + 1] == "\(name) ends", "\(log)")
        }
    }

    @Test func theTurnIsFreeOnceNoneWaits() {
        var moves = OutputMoves()
        let first = moves.enter()
        let second = moves.enter()
        let next = moves.leave()
        let third = moves.enter()
        #expect(first && !second && next == nil && third)
    }
}
