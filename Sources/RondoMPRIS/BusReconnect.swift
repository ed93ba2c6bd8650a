/// When to try the session bus again: at once at first, then backing off from 0.1 s to 1 s,
/// so a restarted bus is found again within a second, without a busy loop while none runs.
///
/// Pure: time is passed in.
struct BusReconnect: Equatable {
    /// When the next attempt is due; `nil` once connected.
    private(set) var nextAttemptAt: Double? = 0
    private var failures = 0

    static let firstDelay = 0.1
    static let longestDelay = 1.0

    /// Whether an attempt is due at `now`.
    func attemptDue(at now: Double) -> Bool { nextAttemptAt.map { now >= $0 } ?? false }

    /// An attempt at `now` failed (or the connection was lost): the next one waits longer.
    mutating func failed(at now: Double) {
        let delay = min(Self.longestDelay, Self.firstDelay * Double(1 << min(failures, 8)))
        failures += 1
        nextAttemptAt = now + delay
    }

    /// Connected: nothing is due until the connection is lost.
    mutating func succeeded() {
        nextAttemptAt = nil
        failures = 0
    }
}
