/// When the player's audio session is let go once sound has stopped (`release_after`), on
/// the sessions' monotonic clock: the player's other timers run on its own clock, this one
/// on the clock the arbiter decides by. Pure; the player's chores ask it.
struct SessionRelease: Equatable {
    /// Seconds without sound before the session is released; a reload may change it.
    private(set) var releaseAfter: Double
    /// When the session is released if no sound comes back, once the wait has begun.
    private(set) var deadline: Double?

    /// A release `releaseAfter` seconds after sound stops.
    init(after releaseAfter: Double) {
        self.releaseAfter = releaseAfter
    }

    /// Sound plays, or the session is not held: nothing waits.
    mutating func cancel() {
        deadline = nil
    }

    /// The chore at `now`, while the session is held and silent: begins the wait the first
    /// time.
    /// - Returns: whether the session is to be released now.
    mutating func isDue(at now: Double) -> Bool {
        guard let deadline else {
            self.deadline = now + releaseAfter
            return false
        }
        guard now >= deadline else { return false }
        self.deadline = nil
        return true
    }

    /// Seconds from `now` until the chore is due: at once when the wait has not begun.
    func untilDue(from now: Double) -> Double { deadline.map { $0 - now } ?? 0 }

    /// Sets `release_after` to `seconds`: a wait already begun ends `seconds` after the
    /// sound stopped.
    mutating func setReleaseAfter(_ seconds: Double) {
        if let deadline { self.deadline = deadline - releaseAfter + seconds }
        releaseAfter = seconds
    }
}
