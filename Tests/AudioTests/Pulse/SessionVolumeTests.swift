import Testing

@testable import Audio

/// Ramps of a session's gain, without a server (times in microseconds).
struct SessionVolumeTests {
    /// A ramp moves linearly from the gain reached to the target and ends there.
    @Test func rampIsLinearAndEnds() {
        var volume = SessionVolume()
        volume.ramp(to: 0.2, over: 100, at: 1_000)
        #expect(volume.isRamping)
        #expect(abs(volume.advance(to: 1_050) - 0.6) < 1e-9)
        #expect(volume.advance(to: 1_100) == 0.2)
        #expect(!volume.isRamping)
        #expect(volume.target == 0.2)
    }

    /// A new ramp replaces one in progress and starts from the gain reached.
    @Test func newRampStartsFromTheGainReached() {
        var volume = SessionVolume()
        volume.ramp(to: 0, over: 100, at: 0)
        volume.ramp(to: 1, over: 100, at: 50)
        #expect(volume.gain == 0.5)
        #expect(volume.target == 1)
        #expect(abs(volume.advance(to: 100) - 0.75) < 1e-9)
    }

    /// The listener's volume multiplies the gain and outlives every ramp: a duck and its
    /// end never change it, and a new volume never changes the gain.
    @Test func volumeMultipliesTheGain() {
        var volume = SessionVolume()
        volume.volume = 0.5
        #expect(volume.applied == 0.5)
        volume.ramp(to: 0.3, over: 100, at: 0)
        #expect(abs(volume.advance(to: 50) - 0.65) < 1e-9)
        #expect(abs(volume.applied - 0.325) < 1e-9)
        _ = volume.advance(to: 100)
        #expect(abs(volume.applied - 0.15) < 1e-9)
        volume.volume = 1
        #expect(abs(volume.applied - 0.3) < 1e-9)
        volume.ramp(to: 1, over: 0, at: 200)
        #expect(volume.applied == 1)
        #expect(volume.volume == 1)
    }

    /// A ramp of no length sets the gain at once.
    @Test func zeroLengthRampJumps() {
        var volume = SessionVolume()
        volume.ramp(to: 0.3, over: 0, at: 10)
        #expect(volume.gain == 0.3)
        #expect(!volume.isRamping)
    }

    /// A fade moves on its own ramp under the gain and the volume: a duck during a fade and
    /// a fade during a duck each keep their own course.
    @Test func aFadeMovesUnderTheGainAndTheVolume() {
        var volume = SessionVolume()
        volume.volume = 0.5
        volume.ramp(to: 0.3, over: 0, at: 0)
        volume.fade(to: 0, over: 100, at: 0)
        #expect(volume.isRamping)
        _ = volume.advance(to: 50)
        #expect(abs(volume.fade - 0.5) < 1e-9 && abs(volume.applied - 0.075) < 1e-9)
        volume.ramp(to: 1, over: 100, at: 50)
        _ = volume.advance(to: 100)
        #expect(volume.fade == 0 && abs(volume.gain - 0.65) < 1e-9 && volume.applied == 0)
        volume.fade(to: 1, over: 0, at: 100)
        #expect(abs(volume.applied - 0.325) < 1e-9)
        _ = volume.advance(to: 150)
        #expect(!volume.isRamping && volume.applied == 0.5)
    }

    /// An interruption fades the session to silence and mutes it only once the fade is
    /// over; its end unmutes at once and rises from where the level is, under the duck.
    @Test func anInterruptionFadesThenMutes() {
        var volume = SessionVolume()
        volume.ramp(to: 0.5, over: 0, at: 0)
        volume.interrupt(true, over: 100, at: 0)
        #expect(volume.interrupted && !volume.muted && volume.isRamping)
        _ = volume.advance(to: 25)
        #expect(abs(volume.applied - 0.375) < 1e-9 && !volume.muted)
        _ = volume.advance(to: 100)
        #expect(volume.applied == 0 && volume.muted && !volume.isRamping)
        volume.interrupt(false, over: 100, at: 200)
        #expect(!volume.muted && volume.applied == 0)
        _ = volume.advance(to: 250)
        #expect(abs(volume.applied - 0.25) < 1e-9)
        volume.interrupt(true, over: 0, at: 250)
        #expect(volume.muted && volume.applied == 0)
    }
}
