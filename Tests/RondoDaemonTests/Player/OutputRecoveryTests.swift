import Testing

@testable import RondoDaemon

/// The player's wait for a lost audio server: attempts back off, playback resumes only
/// within the window, and a command that pauses ends the wait.
struct OutputRecoveryTests {
    /// Attempts are due 0.1 s after the loss, then 0.2, 0.4, 0.5, 0.5 s after each failure:
    /// a server back is found within half a second, with at most two attempts a second.
    @Test func attemptsBackOffToHalfASecond() {
        var recovery = OutputRecovery(resumeWithin: 30)
        recovery.outputLost(at: 100)
        let early = recovery.attemptDue(at: 100.09)
        #expect(!early)
        var now = 100.1
        var gaps: [Double] = []
        for _ in 0..<6 {
            let due = recovery.attemptDue(at: now)
            #expect(due)
            recovery.attemptFailed(at: now)
            let next = recovery.nextAttemptAt!
            let tooEarly = recovery.attemptDue(at: next - 0.01)
            #expect(!tooEarly)
            gaps.append(next - now)
            now = next
        }
        #expect(gaps.map { ($0 * 1000).rounded() } == [200, 400, 500, 500, 500, 500])
    }

    /// A server that answers but cannot play yet (the resume failed) counts as a failed
    /// attempt: attempts go on, backing off, until sound plays or the window ends.
    @Test func aFailedResumeKeepsTryingWithinTheWindow() {
        var recovery = OutputRecovery(resumeWithin: 10)
        recovery.outputLost(at: 100)
        var now = 100.0
        var attempts: [Double] = []
        while recovery.isWaiting {
            now += 0.01
            guard recovery.attemptDue(at: now) else { continue }
            attempts.append((now * 10).rounded() / 10)
            now += 3
            recovery.outputLost(at: now)
            recovery.attemptFailed(at: now)
        }
        #expect(attempts == [100.1, 103.3, 106.7], "each attempt takes 3 s to fail")
        #expect(now > 110 && now < 110.1)
    }

    /// Past the window the wait ends by itself: no more attempts.
    @Test func pastTheWindowTheWaitEnds() {
        var recovery = OutputRecovery(resumeWithin: 30)
        recovery.outputLost(at: 100)
        let due = recovery.attemptDue(at: 130.5)
        #expect(!due)
        #expect(!recovery.isWaiting)
    }

    /// A second loss during the wait keeps the first one's start: failed plays do not stretch
    /// the window, but the next attempt comes quickly again.
    @Test func aSecondLossKeepsTheWindowsStart() {
        var recovery = OutputRecovery(resumeWithin: 10)
        recovery.outputLost(at: 100)
        recovery.attemptFailed(at: 100.25)
        recovery.outputLost(at: 105)
        #expect(recovery.lostAt == 100)
        #expect(recovery.nextAttemptAt == 105.1)
        let due = recovery.attemptDue(at: 110.5)
        #expect(!due)
    }

    /// Cancelling (the user paused) ends the wait; nothing resumes.
    @Test func cancelEndsTheWait() {
        var recovery = OutputRecovery(resumeWithin: 30)
        recovery.outputLost(at: 100)
        recovery.cancel()
        #expect(recovery == OutputRecovery(resumeWithin: 30))
        let due = recovery.attemptDue(at: 101)
        #expect(!due)
    }

    /// The server's loss starts the wait when the player plays, or when the engine stopped
    /// its sound shortly before (the two reports come in either order); a loss while paused,
    /// or long after a stop, starts none.
    @Test(
        arguments: [
            (playing: true, stoppedAt: nil, waits: true),
            (playing: false, stoppedAt: 99.5, waits: true),
            (playing: false, stoppedAt: 97.0, waits: false),
            (playing: false, stoppedAt: nil, waits: false),
        ] as [(playing: Bool, stoppedAt: Double?, waits: Bool)])
    func aLossWaitsOnlyWhenSoundWasWanted(playing: Bool, stoppedAt: Double?, waits: Bool) {
        var recovery = OutputRecovery(resumeWithin: 30)
        if let stoppedAt { recovery.soundStopped(at: stoppedAt) }
        recovery.serverLost(at: 100, playing: playing)
        #expect(recovery.isWaiting == waits)
        #expect(recovery.stoppedWhilePlayingAt == nil, "a loss explains the stop")
    }

    /// The server's return makes an attempt due at once while waiting, and does nothing
    /// when nothing waits.
    @Test func theServersReturnMakesAnAttemptDueAtOnce() {
        var recovery = OutputRecovery(resumeWithin: 30)
        recovery.serverBack(at: 100)
        #expect(recovery == OutputRecovery(resumeWithin: 30))
        recovery.serverLost(at: 100, playing: true)
        recovery.attemptFailed(at: 100.1)
        recovery.serverBack(at: 100.15)
        let due = recovery.attemptDue(at: 100.15)
        #expect(due)
    }
}
