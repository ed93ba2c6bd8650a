/// When to try a dropped connection again: after 0.25 s, then twice as long each time up
/// to 2 s, for as long as the window since the drop lasts.
///
/// A value owned by the transfer thread; pure (instants are handed in).
struct ResumeWindow {
    /// The wait before the first attempt.
    static let firstDelay = Duration.milliseconds(250)
    /// The longest wait between attempts.
    static let longestDelay = Duration.seconds(2)
    /// How much a reconnected transfer delivers before the connection counts as restored
    /// (a server that answers and then trickles or drops again does not restore it).
    static let restoredBytes = 32_768

    /// When the connection dropped.
    let since: ContinuousClock.Instant
    /// How long after the drop attempts are made.
    let within: Duration
    private var attempts = 0

    /// A window opened by a drop at `since`, lasting `seconds`.
    init(since: ContinuousClock.Instant, seconds: Double) {
        self.since = since
        within = .milliseconds(Int64(max(0, seconds) * 1000))
    }

    /// When the next attempt is due after a failure at `now`, or `nil` once it would
    /// start after the window.
    mutating func nextAttempt(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var delay = Self.firstDelay
        for _ in 0..<min(attempts, 8) { delay = min(Self.longestDelay, delay * 2) }
        attempts += 1
        let due = now + delay
        return due - since <= within ? due : nil
    }
}
