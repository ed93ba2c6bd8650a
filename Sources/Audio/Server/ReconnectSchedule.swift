/// When to try an audio server that went away (or never answered) again: soon at first,
/// backing off from ``firstDelay`` to ``quickDelay`` while the loss is recent, then every
/// ``patientDelay``.
///
/// A server that restarts is found within half a second (PipeWire and PulseAudio come back
/// in well under a second), at the cost of two refused socket connects a second for the
/// first ``quickPhase`` seconds; a machine without a server pays one every two seconds.
///
/// Pure: time is passed in; ``AudioServer`` owns the value.
struct ReconnectSchedule: Equatable {
    /// The first wait after a loss or a failed attempt, in seconds.
    static let firstDelay = 0.1
    /// The longest wait while the loss is recent.
    static let quickDelay = 0.5
    /// How long after the loss waits stay short.
    static let quickPhase = 30.0
    /// The wait between attempts after that.
    static let patientDelay = 2.0

    /// When the server was last lost (or first found missing); `nil` while connected.
    private(set) var lostAt: Double?
    /// When the next attempt is due; `nil` while connected.
    private(set) var nextAttemptAt: Double?
    private var failures = 0

    /// A schedule with an attempt due at once: nothing is connected yet.
    init() {
        lostAt = nil
        nextAttemptAt = 0
    }

    /// Whether an attempt is due at `now`.
    func attemptDue(at now: Double) -> Bool { nextAttemptAt.map { now >= $0 } ?? false }

    /// Seconds from `now` until the next attempt, or `nil` while connected.
    func untilNextAttempt(at now: Double) -> Double? { nextAttemptAt.map { max(0, $0 - now) } }

    /// Connected at `now`: nothing is due until the connection is lost.
    mutating func connected() {
        lostAt = nil
        nextAttemptAt = nil
        failures = 0
    }

    /// The connection was lost at `now`: the first attempt comes after ``firstDelay``.
    mutating func lost(at now: Double) {
        lostAt = now
        failures = 0
        nextAttemptAt = now + Self.firstDelay
    }

    /// An attempt at `now` found no server: the next one waits longer.
    mutating func failed(at now: Double) {
        if lostAt == nil { lostAt = now }
        let recent = now - (lostAt ?? now) < Self.quickPhase
        let delay =
            recent ? min(Self.quickDelay, Self.firstDelay * Double(1 << min(failures + 1, 8))) : Self.patientDelay
        failures += 1
        nextAttemptAt = now + delay
    }
}
