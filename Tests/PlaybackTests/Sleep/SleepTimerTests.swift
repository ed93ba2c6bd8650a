import Playback
import Testing

/// The sleep timer's arithmetic: when it ends, for a time and for the end of an item or a
/// chapter at any rate, and how loud the music plays on the way there.
struct SleepTimerTests {
    private func info(
        elapsed: Double, rate: Double = 1, duration: Double? = 100, live: Bool? = nil, chapters: [Chapter] = []
    ) -> NowPlayingInfo {
        NowPlayingInfo(
            metadata: TrackMetadata(duration: duration, isLiveStream: live, chapters: chapters), elapsedPlaybackTime: elapsed,
            playbackRate: rate, defaultPlaybackRate: 1, playbackQueueIndex: 0, playbackQueueCount: 1, assetURL: "file:///a.mp3",
            timestamp: 0)
    }

    @Test func aTimeEndsAtItsMomentPlayingOrNot() {
        let timer = SleepTimer(.at(1_000))
        #expect(timer.endsAt(now: 10, playing: info(elapsed: 5)) == 1_000)
        #expect(timer.endsAt(now: 10, playing: nil) == 1_000)
    }

    @Test func anItemEndsWhenItsRestHasPlayedAtItsRate() {
        let timer = SleepTimer(.endOfItem)
        #expect(timer.endsAt(now: 10, playing: info(elapsed: 40)) == 70)
        #expect(timer.endsAt(now: 10, playing: info(elapsed: 40, rate: 2)) == 40)
        #expect(timer.endsAt(now: 10, playing: info(elapsed: 40, rate: 0.5)) == 130)
        #expect(timer.endsAt(now: 10, playing: info(elapsed: 120)) == 10, "past its length it ends now")
        #expect(timer.endsAt(now: 10, playing: nil) == nil, "paused, its end is not known")
        #expect(timer.endsAt(now: 10, playing: info(elapsed: 40, rate: 0)) == nil)
        #expect(timer.endsAt(now: 10, playing: info(elapsed: 40, duration: nil)) == nil)
        #expect(timer.endsAt(now: 10, playing: info(elapsed: 40, live: true)) == nil)
    }

    /// In a book with chapters, the end is the current chapter's; in the last chapter, the item's.
    @Test func aChapterEndsAtTheNextOnesStart() {
        let chapters = [Chapter(title: "One", start: 0), Chapter(title: "Two", start: 30), Chapter(title: "Three", start: 60)]
        let timer = SleepTimer(.endOfItem)
        #expect(timer.endsAt(now: 0, playing: info(elapsed: 10, chapters: chapters)) == 20)
        #expect(timer.endsAt(now: 0, playing: info(elapsed: 45, chapters: chapters)) == 15)
        #expect(timer.endsAt(now: 0, playing: info(elapsed: 70, chapters: chapters)) == 30)
        #expect(SleepTimer.remaining(in: info(elapsed: 30, chapters: chapters)) == 30)
    }

    @Test func theLevelIsFullThenFallsOverTheLastTenSeconds() {
        #expect(SleepTimer.level(secondsLeft: 600) == 1)
        #expect(SleepTimer.level(secondsLeft: 10) == 1)
        #expect(SleepTimer.level(secondsLeft: 5) == 0.25)
        #expect(SleepTimer.level(secondsLeft: 0) == 0)
        #expect(SleepTimer.level(secondsLeft: -3) == 0)
        let levels = stride(from: 10.0, through: 0, by: -0.05).map { SleepTimer.level(secondsLeft: $0) }
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 >= $1 }, "the fade only falls")
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 - $1 <= 0.011 }, "no step larger than 1 % of full scale")
    }

    @Test func stepsWaitForTheFadeThenComeOften() {
        #expect(SleepTimer.untilNextStep(secondsLeft: 60) == 50)
        #expect(SleepTimer.untilNextStep(secondsLeft: 10) == 0.05)
        #expect(SleepTimer.untilNextStep(secondsLeft: 0.02) == 0.02)
        #expect(SleepTimer.untilNextStep(secondsLeft: -1) == 0)
    }
}
