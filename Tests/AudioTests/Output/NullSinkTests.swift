import Synchronization
import Testing

@testable import Audio

/// The null output's sink, timed by a clock the test steps: it plays its buffer out at the
/// sample rate while uncorked, refills from the ring up to its buffer duration, says when
/// the ring ran short, drains and flushes like a PulseAudio stream.
struct NullSinkTests {
    let format = AudioFormat(sampleRate: 1000, channels: 2)
    let ring = SampleRing(minimumCapacity: 8192)
    let clock = SteppedClock()

    func sink(corked: Bool) -> NullSink {
        NullSink(format: format, ring: ring, corked: corked, now: { [clock] in clock.nanoseconds })
    }

    func write(frames: Int) {
        let region = ring.writableRegion()
        ring.commitWrite(min(region.count, frames * format.channels))
    }

    /// The sink takes its buffer's worth (150 ms = 150 frames at 1 kHz) at once and no more.
    @Test func takesOneBufferAhead() {
        let sink = sink(corked: false)
        write(frames: 1000)
        #expect(sink.tick())
        #expect(sink.framesHandedOver == 150)
        #expect(ring.available == 850 * 2)
        #expect(sink.heardFrames() == 0)
        #expect(!sink.isStarving)
    }

    /// Time played uncorked is heard, frame for frame, and the buffer is topped up again.
    @Test func playsAtTheSampleRate() {
        let sink = sink(corked: false)
        write(frames: 1000)
        _ = sink.tick()
        clock.advance(0.1)
        #expect(sink.heardFrames() == 100)
        _ = sink.tick()
        #expect(sink.framesHandedOver == 250)
        clock.advance(0.0305)
        clock.advance(0.0305)
        #expect(sink.heardFrames() == 161)
    }

    /// While corked nothing is heard, however long; uncorked, time counts from the uncork.
    @Test func corkedTimeIsNotHeard() {
        let sink = sink(corked: true)
        write(frames: 1000)
        _ = sink.tick()
        clock.advance(5)
        #expect(sink.heardFrames() == 0)
        sink.setCorked(false)
        clock.advance(0.05)
        #expect(sink.heardFrames() == 50)
        sink.setCorked(true)
        clock.advance(1)
        #expect(sink.heardFrames() == 50)
    }

    /// A ring with less than the sink wants makes it starve; a top-up after a refill takes
    /// the new samples at once, and ends the starving.
    @Test func starvesAndIsToppedUp() {
        let sink = sink(corked: false)
        write(frames: 40)
        _ = sink.tick()
        #expect(sink.isStarving)
        #expect(sink.framesHandedOver == 40)
        write(frames: 500)
        sink.topUp()
        #expect(!sink.isStarving)
        #expect(sink.framesHandedOver == 150)
    }

    /// What is heard never passes what was handed over: an underrun plays silence.
    @Test func anUnderrunHearsNoMoreThanWasGiven() {
        let sink = sink(corked: false)
        write(frames: 40)
        _ = sink.tick()
        clock.advance(1)
        #expect(sink.heardFrames() == 40)
    }

    /// A drain completes once the ring and the buffer are played out, not before.
    @Test func drainsWhenEverythingIsPlayed() {
        let sink = sink(corked: false)
        write(frames: 200)
        _ = sink.tick()
        sink.drain()
        clock.advance(0.1)
        _ = sink.tick()
        #expect(!sink.isDrained)
        clock.advance(0.099)
        _ = sink.tick()
        #expect(!sink.isDrained)
        clock.advance(0.001)
        _ = sink.tick()
        #expect(sink.isDrained)
        #expect(sink.heardFrames() == 200)
    }

    /// A flush drops the ring and the buffer and counts from zero again.
    @Test func flushDropsEverything() {
        let sink = sink(corked: false)
        write(frames: 1000)
        _ = sink.tick()
        clock.advance(0.05)
        sink.flush()
        #expect(ring.available == 0)
        #expect(sink.framesHandedOver == 0)
        #expect(sink.heardFrames() == 0)
        write(frames: 10)
        _ = sink.tick()
        clock.advance(0.01)
        #expect(sink.heardFrames() == 10)
    }

    /// The pacing thread sleeps while the sink is corked: the wait ends when the sink is
    /// uncorked (from another thread here) and, for good, once it is closed.
    @Test func pacingWaitsWhilePaused() async {
        let sink = sink(corked: true)
        let uncork = Task.detached { sink.setCorked(false) }
        #expect(sink.waitWhilePaused())
        await uncork.value
        sink.setCorked(true)
        sink.close()
        #expect(!sink.waitWhilePaused())
    }

    /// A closed sink stops its pacing thread and reads the ring no more.
    @Test func closedSinkReadsNothing() {
        let sink = sink(corked: false)
        sink.close()
        write(frames: 100)
        #expect(!sink.tick())
        sink.topUp()
        #expect(ring.available == 200)
    }
}

/// A monotonic clock in nanoseconds that moves only when told.
final class SteppedClock: Sendable {
    private let now = Mutex<UInt64>(100_000_000_000)

    var nanoseconds: UInt64 { now.withLock { $0 } }

    func advance(_ seconds: Double) { now.withLock { $0 += UInt64((seconds * 1e9).rounded()) } }
}
