/// One audio session's level in the Snapcast mix: the listener's volume, the arbiter's gain
/// (moving in a linear ramp, by the feed's clock, so a duck has no click) and whether it is
/// interrupted. What ``SessionAudioControl`` sets on PulseAudio's sink inputs, applied to
/// the samples.
struct SnapcastSessionLevel {
    /// The listener's volume, 0 to 1; `nil` until set, when a stream's own volume holds.
    var volume: Double?
    var interrupted = false
    private var from = 1.0
    private var to = 1.0
    /// The feed frames over which the gain moves from `from` to `to`.
    private var rampStart = 0
    private var rampEnd = 0

    /// Starts a ramp from the gain at `frame` to `gain` over `frames`.
    mutating func ramp(to gain: Double, over frames: Int, at frame: Int) {
        from = self.gain(at: frame)
        to = max(0, gain)
        rampStart = frame
        rampEnd = frame + max(0, frames)
    }

    /// The arbiter's gain at the feed's `frame`.
    func gain(at frame: Int) -> Double {
        guard frame < rampEnd, rampEnd > rampStart else { return to }
        let done = Double(max(0, frame - rampStart)) / Double(rampEnd - rampStart)
        return from + (to - from) * done
    }

    /// The level a stream of the session is mixed at at `frame`: the gain times the volume
    /// (the stream's own, `streamVolume`, until one is set), or nothing while interrupted.
    func level(at frame: Int, streamVolume: Double) -> Float {
        interrupted ? 0 : Float(gain(at: frame) * (volume ?? streamVolume))
    }
}
