/// One audio session's level in the Snapcast mix: the listener's volume, the arbiter's gain
/// the transport's fade and the interruption's fade (each moving in a linear ramp, by the
/// feed's clock, so a duck, a pause or an interruption has no click). What ``SessionAudioControl`` sets on
/// PulseAudio's sink inputs, applied to the samples.
struct SnapcastSessionLevel {
    /// A level moving linearly over a span of the feed's frames.
    struct FrameRamp {
        private var from = 1.0
        private var to = 1.0
        private var start = 0
        private var end = 0

        /// Starts a ramp from the level at `frame` to `level` over `frames`.
        mutating func move(to level: Double, over frames: Int, at frame: Int) {
            from = value(at: frame)
            to = max(0, level)
            start = frame
            end = frame + max(0, frames)
        }

        /// The level at the feed's `frame`.
        func value(at frame: Int) -> Double {
            guard frame < end, end > start else { return to }
            let done = Double(max(0, frame - start)) / Double(end - start)
            return from + (to - from) * done
        }
    }

    /// The listener's volume, 0 to 1; `nil` until set, when a stream's own volume holds.
    var volume: Double?
    /// The arbiter's gain.
    var gain = FrameRamp()
    /// The transport's fade.
    var fade = FrameRamp()
    /// The interruption's fade: to silence while the session is interrupted.
    var interruption = FrameRamp()

    /// The level a stream of the session is mixed at at `frame`: the gain times both fades
    /// times the volume (the stream's own, `streamVolume`, until one is set).
    func level(at frame: Int, streamVolume: Double) -> Float {
        Float(gain.value(at: frame) * fade.value(at: frame) * interruption.value(at: frame) * (volume ?? streamVolume))
    }
}
