/// When to try the session bus again: at once at first, then backing off from 0.1 s to
/// ``longestDelay`` (1 s, or longer while the bus's socket is watched and its appearance
/// starts a new round at once), so a restarted bus is found again soon, without a busy loop
/// while none runs.
///
/// Pure: time is passed in.
struct BusReconnect: Equatable {
    /// When the next attempt is due; `nil` once connected, or when no attempt can succeed.
    private(set) var nextAttemptAt: Double? = 0
    private var failures = 0
    /// The longest wait between two attempts, in seconds.
    var longestDelay = 1.0

    static let firstDelay = 0.1

    /// Whether an attempt is due at `now`.
    func attemptDue(at now: Double) -> Bool { nextAttemptAt.map { now >= $0 } ?? false }

    /// An attempt at `now` failed (or the connection was lost): the next one waits longer.
    mutating func failed(at now: Double) {
        let delay = min(longestDelay, Self.firstDelay * Double(1 << min(failures, 16)))
        failures += 1
        nextAttemptAt = now + delay
    }

    /// Something changed where the bus is found (its socket was made): an attempt is due at
    /// once, and failures back off from the start again.
    mutating func retryNow() {
        nextAttemptAt = 0
        failures = 0
    }

    /// No attempt can ever succeed (the environment names no bus): none is due.
    mutating func giveUp() {
        nextAttemptAt = nil
    }

    /// Connected: nothing is due until the connection is lost.
    mutating func succeeded() {
        nextAttemptAt = nil
        failures = 0
    }
}
