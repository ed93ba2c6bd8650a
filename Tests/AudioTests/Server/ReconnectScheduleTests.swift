import Testing

@testable import Audio

/// When the audio server is tried again: at once at first, backing off to half a second
/// while the loss is recent, then every two seconds; nothing while connected.
struct ReconnectScheduleTests {
    /// A new schedule has an attempt due at once; once connected, none is due.
    @Test func firstAttemptIsDueAtOnceAndNoneWhileConnected() {
        var schedule = ReconnectSchedule()
        #expect(schedule.attemptDue(at: 0))
        schedule.connected()
        #expect(!schedule.attemptDue(at: 1_000))
        #expect(schedule.untilNextAttempt(at: 1_000) == nil)
    }

    /// After a loss, attempts come 0.1 s later, then 0.2, 0.4, 0.5, 0.5 s after each failure.
    @Test func attemptsAfterALossBackOffToHalfASecond() {
        var schedule = ReconnectSchedule()
        schedule.connected()
        schedule.lost(at: 100)
        #expect(!schedule.attemptDue(at: 100.09))
        var now = 100.1
        var gaps: [Double] = []
        for _ in 0..<5 {
            #expect(schedule.attemptDue(at: now))
            schedule.failed(at: now)
            let next = now + (schedule.untilNextAttempt(at: now) ?? 0)
            gaps.append(((next - now) * 1000).rounded())
            now = next
        }
        #expect(gaps == [200, 400, 500, 500, 500])
    }

    /// Past the quick phase, attempts come every two seconds.
    @Test func pastTheQuickPhaseAttemptsComeEveryTwoSeconds() {
        var schedule = ReconnectSchedule()
        schedule.connected()
        schedule.lost(at: 100)
        schedule.failed(at: 100 + ReconnectSchedule.quickPhase + 1)
        #expect(schedule.untilNextAttempt(at: 131) == ReconnectSchedule.patientDelay)
    }

    /// A machine that never had a server counts from its first failed attempt.
    @Test func neverConnectedCountsFromTheFirstFailure() {
        var schedule = ReconnectSchedule()
        schedule.failed(at: 5)
        #expect(schedule.lostAt == 5)
        #expect(abs((schedule.untilNextAttempt(at: 5) ?? 0) - 0.2) < 1e-9)
    }
}
