/// The gain and mute ``SessionAudioControl`` keeps for one session, and the ramp it is on.
///
/// The arbiter's gain (a duck) and the listener's own volume for the session are kept apart
/// and multiplied only when applied (``applied``): a duck never changes the listener's
/// volume, and a volume change never lifts a duck.
///
/// A pure value: times are libpulse monotonic microseconds passed in by the caller.
/// Ownership: ``SessionAudioControl`` keeps one per session, guarded by its mainloop lock.
struct SessionVolume: Equatable {
    /// A linear move from one gain to another over a span of time.
    private struct Ramp: Equatable {
        var from: Double
        var to: Double
        var start: UInt64
        var duration: UInt64
    }

    /// The gain reached, as last applied to the session's sink inputs (1 = full).
    private(set) var gain: Double = 1
    /// The listener's own volume for the session, a linear gain from 0 to 1 (1 = as decoded).
    var volume: Double = 1
    /// Whether the session's sink inputs are kept muted.
    var interrupted = false
    private var ramp: Ramp?

    /// What the session's sink inputs are set to: the gain reached times the volume.
    var applied: Double { gain * volume }

    /// The gain the session is heading for.
    var target: Double { ramp?.to ?? gain }

    /// Whether a ramp is in progress.
    var isRamping: Bool { ramp != nil }

    /// Starts a ramp from the gain reached at `time` to `target`, replacing any ramp in
    /// progress; a zero `duration` (microseconds) jumps at once.
    mutating func ramp(to target: Double, over duration: UInt64, at time: UInt64) {
        _ = advance(to: time)
        ramp = Ramp(from: gain, to: target, start: time, duration: duration)
        _ = advance(to: time)
    }

    /// Moves the ramp on to `time`.
    /// - Returns: the gain to apply now.
    mutating func advance(to time: UInt64) -> Double {
        guard let ramp else { return gain }
        let elapsed = time > ramp.start ? time - ramp.start : 0
        if elapsed >= ramp.duration {
            gain = ramp.to
            self.ramp = nil
        } else {
            gain = ramp.from + (ramp.to - ramp.from) * Double(elapsed) / Double(ramp.duration)
        }
        return gain
    }
}
