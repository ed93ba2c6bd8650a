/// The gain and mute ``SessionAudioControl`` keeps for one session, and the ramps it is on.
///
/// The arbiter's gain (a duck), the transport's fade (a pause or a resume that does not cut
/// the sound), the interruption's fade and the listener's own volume for the session are
/// kept apart and multiplied only when applied (``applied``): a duck never changes the
/// listener's volume, a volume change never lifts a duck, and a fade moves under both. An
/// interrupted session fades to silence and is then muted (``muted``), so a stream that
/// appears later is silent from its first sample.
///
/// A pure value: times are libpulse monotonic microseconds passed in by the caller.
/// Ownership: ``SessionAudioControl`` keeps one per session, guarded by its mainloop lock.
struct SessionVolume: Equatable {
    /// A level that moves linearly from one value to another over a span of time.
    struct RampedLevel: Equatable {
        private struct Ramp: Equatable {
            var from: Double
            var to: Double
            var start: UInt64
            var duration: UInt64
        }

        /// The level reached, as last applied.
        private(set) var value: Double = 1
        private var ramp: Ramp?

        /// The level it is heading for.
        var target: Double { ramp?.to ?? value }

        /// Whether a ramp is in progress.
        var isRamping: Bool { ramp != nil }

        /// Starts a ramp from the level reached at `time` to `target`, replacing any ramp
        /// in progress; a zero `duration` (microseconds) jumps at once.
        mutating func move(to target: Double, over duration: UInt64, at time: UInt64) {
            _ = advance(to: time)
            ramp = Ramp(from: value, to: target, start: time, duration: duration)
            _ = advance(to: time)
        }

        /// Moves the ramp on to `time`; the level to apply now.
        mutating func advance(to time: UInt64) -> Double {
            guard let ramp else { return value }
            let elapsed = time > ramp.start ? time - ramp.start : 0
            if elapsed >= ramp.duration {
                value = ramp.to
                self.ramp = nil
            } else {
                value = ramp.from + (ramp.to - ramp.from) * Double(elapsed) / Double(ramp.duration)
            }
            return value
        }
    }

    private var arbiter = RampedLevel()
    private var fader = RampedLevel()
    private var interruption = RampedLevel()
    /// The listener's own volume for the session, a linear gain from 0 to 1 (1 = as decoded).
    var volume: Double = 1
    /// Whether the session is interrupted: silent once its fade is over.
    private(set) var interrupted = false

    /// Whether the session's sink inputs are kept muted: interrupted, and faded out.
    var muted: Bool { interrupted && !interruption.isRamping }

    /// The arbiter's gain reached (1 = full).
    var gain: Double { arbiter.value }

    /// The transport's fade reached (1 = not fading).
    var fade: Double { fader.value }

    /// What the session's sink inputs are set to: the gain reached times both fades times the volume.
    var applied: Double { gain * fade * interruption.value * volume }

    /// The gain the session is heading for.
    var target: Double { arbiter.target }

    /// Whether a ramp, of the gain or of the fade, is in progress.
    var isRamping: Bool { arbiter.isRamping || fader.isRamping || interruption.isRamping }

    /// Starts a ramp of the arbiter's gain from the gain reached at `time` to `target`,
    /// replacing any in progress; a zero `duration` (microseconds) jumps at once.
    mutating func ramp(to target: Double, over duration: UInt64, at time: UInt64) {
        arbiter.move(to: target, over: duration, at: time)
    }

    /// Starts a ramp of the fade the same way.
    mutating func fade(to target: Double, over duration: UInt64, at time: UInt64) {
        fader.move(to: target, over: duration, at: time)
    }

    /// Interrupts the session (its level falls to silence over `duration` microseconds, 0:
    /// at once) or ends its interruption (it rises from where it is over `duration`).
    mutating func interrupt(_ interrupted: Bool, over duration: UInt64, at time: UInt64) {
        self.interrupted = interrupted
        interruption.move(to: interrupted ? 0 : 1, over: duration, at: time)
    }

    /// Moves every ramp on to `time`.
    /// - Returns: the gain to apply now.
    mutating func advance(to time: UInt64) -> Double {
        _ = fader.advance(to: time)
        _ = interruption.advance(to: time)
        return arbiter.advance(to: time)
    }
}
