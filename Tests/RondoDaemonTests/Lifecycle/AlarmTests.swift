import Foundation
import Testing

@testable import RondoDaemon

/// The sleep the daemon's loops wait on: rung, timed out or cancelled, it ends; a ring while
/// nobody sleeps ends the next sleep, once.
@Suite struct AlarmTests {
    /// How long a sleep may take before it counts as hung: well under the hour a sleep that
    /// should end at once would otherwise last, and longer than the minutes the whole suite's
    /// blocking tests can hold the two threads of the shared pool, during which neither the
    /// sleep's timer nor this limit runs (a 30 s limit lost that race once, after 266 s).
    private static let hangLimit = 600.0

    /// Whether `sleep` ends before `limit` seconds.
    private func ends(within limit: Double, _ sleep: @escaping @Sendable () async -> Void) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await sleep()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(limit))
                return false
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
    }

    /// Gives a task time to start its sleep. A ring that comes first is kept and ends the
    /// sleep all the same, so each test holds either way.
    private func whenAsleep() async {
        try? await Task.sleep(for: .milliseconds(50))
    }

    @Test func aRingWakesTheSleeper() async {
        let alarm = Alarm()
        let sleeper = Task { await alarm.sleep(upTo: nil) }
        await whenAsleep()
        alarm.ring()
        #expect(await ends(within: Self.hangLimit) { await sleeper.value })
    }

    /// A change made between a loop's look and its sleep is not missed.
    @Test func aRingWhileNobodySleepsEndsTheNextSleepOnce() async {
        let alarm = Alarm()
        alarm.ring()
        alarm.ring()
        #expect(await ends(within: Self.hangLimit) { await alarm.sleep(upTo: 3600) })
        let start = ContinuousClock.now
        await alarm.sleep(upTo: 0.1)
        #expect(ContinuousClock.now - start >= .milliseconds(100), "the kept ring woke a second sleep")
    }

    @Test func aSleepEndsWhenItsTimeIsUp() async {
        let alarm = Alarm()
        let start = ContinuousClock.now
        #expect(await ends(within: Self.hangLimit) { await alarm.sleep(upTo: 0.05) })
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    /// A sleep with no limit ends when its task is cancelled, before or during the sleep, so
    /// a part's loop stops at shutdown.
    @Test func cancellingTheTaskEndsTheSleep() async {
        let alarm = Alarm()
        let sleeper = Task { await alarm.sleep(upTo: nil) }
        await whenAsleep()
        sleeper.cancel()
        #expect(await ends(within: Self.hangLimit) { await sleeper.value })

        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await alarm.sleep(upTo: nil)
        }
        #expect(await ends(within: Self.hangLimit) { await cancelledFirst.value })
    }

    /// An early ring leaves the timer of the sleep it ended without effect on the next one.
    ///
    /// On a loaded machine the first sleep can reach its own limit before the ring comes;
    /// the ring is then kept for the next sleep, as it should be, and the case is tried
    /// again on a new alarm (up to 20 times) until the ring is what ended the first sleep.
    @Test func aRungSleepsTimerDoesNotEndTheNextSleep() async {
        var tried = 0
        for _ in 0..<20 {
            let alarm = Alarm()
            let first = Task {
                let began = ContinuousClock.now
                await alarm.sleep(upTo: 0.2)
                return ContinuousClock.now - began < .milliseconds(200)
            }
            await whenAsleep()
            alarm.ring()
            guard await first.value else { continue }
            tried += 1
            let start = ContinuousClock.now
            await alarm.sleep(upTo: 0.5)
            #expect(ContinuousClock.now - start >= .milliseconds(500))
            break
        }
        #expect(tried == 1, "the ring never came before the first sleep's limit")
    }
}
