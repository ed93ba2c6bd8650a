import Testing

@testable import Library

/// When a running scan re-ranks the lists, on times given by the test.
struct ListRefreshScheduleTests {
    /// Nothing falls due before the interval has passed since the scan started.
    @Test func aShortScanReranksOnlyWhenItEnds() {
        let schedule = ListRefreshSchedule(start: 100)
        #expect(!schedule.isDue(at: 100))
        #expect(!schedule.isDue(at: 100 + ListRefreshSchedule.interval - 0.001))
        #expect(schedule.isDue(at: 100 + ListRefreshSchedule.interval))
    }

    /// The interval counts from the end of the last re-ranking, not from its start.
    @Test func theIntervalCountsFromTheLastEnd() {
        var schedule = ListRefreshSchedule(start: 0)
        schedule.refreshed(from: 2, to: 2.25)
        #expect(!schedule.isDue(at: 4.0))
        #expect(schedule.isDue(at: 4.25))
    }

    /// Slow re-rankings (a large library) are spaced out so they take at most the share of
    /// the scan's time.
    @Test func slowRerankingsKeepToTheirShare() {
        var schedule = ListRefreshSchedule(start: 0)
        schedule.refreshed(from: 2, to: 3)
        // 1 s spent: due only once the scan has run 10 s (1 s is a tenth of it).
        #expect(!schedule.isDue(at: 9.99))
        #expect(schedule.isDue(at: 10))
        schedule.refreshed(from: 10, to: 11.5)
        #expect(!schedule.isDue(at: 24.99))
        #expect(schedule.isDue(at: 25))
    }

    /// Over a long scan whose re-rankings grow with what it has found (a hundredth of the
    /// time so far, as for a library written at a steady rate), the time spent re-ranking
    /// stays within the share, give or take the last one, and the lists are never left for
    /// long.
    @Test func aLongScanStaysWithinItsShare() {
        var schedule = ListRefreshSchedule(start: 0)
        var now = 0.0
        var spent = 0.0
        var lastCost = 0.0
        var refreshes: [Double] = []
        while now < 600 {
            now += 0.05
            guard schedule.isDue(at: now) else { continue }
            lastCost = now / 100
            schedule.refreshed(from: now, to: now + lastCost)
            refreshes.append(now)
            spent += lastCost
            now += lastCost
        }
        #expect(spent <= ListRefreshSchedule.maximumShare * now + lastCost)
        #expect(refreshes.count > 20)
        let gaps = zip(refreshes.dropFirst(), refreshes).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 < 70 })
    }
}
