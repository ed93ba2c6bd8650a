/// One audio session's level in the Snapcast mix: the listener's volume, the arbiter's gain
/// and the transport's fade (each moving in a linear ramp, by the feed's clock, so a duck or
/// a pause has no click) and whether it is interrupted. What ``SessionAudioControl`` sets on
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
    var interrupted = false
    /// The arbiter's gain.
    var gain = FrameRamp()
    /// The transport's fade.
    var fade = FrameRamp()

    /// The level a stream of the session is mixed at at `frame`: the gain times the fade
    /// times the volume (the stream's own, `streamVolume`, until one is set), or nothing
    /// while interrupted.
    func level(at frame: Int, streamVolume: Double) -> Float {
        interrupted ? 0 : Float(gain.value(at: frame) * fade.value(at: frame) * (volume ?? streamVolume))
    }
}
