/// When a running scan re-ranks the browse lists, so browsing shows what was found so far.
///
/// A re-ranking costs time in proportion to the whole library, not to what the scan added
/// since the last one: re-ranking after a fixed number of files made a scan of 10,000 files
/// spend about a fifth of its time re-ranking five times, and a fifth was still what kept a
/// scan of 100,000 files under twice MPD's pace. Here a re-ranking falls due once
/// ``interval`` has passed since the last one ended, and never before the time the re-rankings
/// took is at most ``maximumShare`` of the scan's: a short scan re-ranks only when it ends, a
/// long one every few seconds.
///
/// Times are seconds on any monotonic clock; the schedule never reads one itself.
struct ListRefreshSchedule {
    /// The least time between the end of one re-ranking and the start of the next.
    static let interval = 2.0
    /// The largest part of the scan's time spent re-ranking while it runs.
    static let maximumShare = 0.1

    private let started: Double
    private var lastEnded: Double
    private var spent = 0.0

    /// A schedule for a scan that started at `start`.
    init(start: Double) {
        started = start
        lastEnded = start
    }

    /// Whether the lists should be re-ranked at `now`.
    func isDue(at now: Double) -> Bool {
        now - lastEnded >= Self.interval && spent <= Self.maximumShare * (now - started)
    }

    /// Records a re-ranking that ran from `start` to `end`.
    mutating func refreshed(from start: Double, to end: Double) {
        spent += end - start
        lastEnded = end
    }
}
