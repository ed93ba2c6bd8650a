// Realtime rules for this file: `tick()` runs on the null output's pacing thread and
// `topUp()` on the producer's; both consume the ring holding the sink's lock, never
// allocate, never log and never wait. Every other method takes the same lock, briefly;
// `waitWhilePaused()` waits on it, as the pacing thread does while the stream is corked.
import Foundation

/// The state of one ``NullOutputStream``: a sink buffer of up to ``bufferDuration`` that is
/// played out by the monotonic clock while uncorked and refilled from the ring.
///
/// Ownership: `lock` guards every field; the pacing thread and the stream's callers share
/// it, and the pacing thread sleeps on it while corked, so a paused stream costs nothing. The ring's consumer side is used only under `lock`. Time comes from `now`
/// (monotonic nanoseconds), so a test can step it.
final class NullSink: @unchecked Sendable {
    /// How often the pacing thread plays the clock forward and refills the buffer, in seconds.
    static let tickInterval = 0.02
    /// How much the sink buffers, in seconds: 150 ms ahead of the listener, as a sound card
    /// would, so a position is heard about as late as through a real server.
    static let bufferDuration = 0.15

    private let lock = NSCondition()
    private let format: AudioFormat
    private let ring: SampleRing
    private let bufferFrames: Int
    private let now: @Sendable () -> UInt64
    private var open = true
    private var corked: Bool
    /// Frames at the sink that have not been played yet.
    private var buffered = 0
    /// Frames taken from the ring since creation or the last flush.
    private var handedOver = 0
    /// Monotonic nanoseconds up to which the buffer has been played, and the part of a frame
    /// the clock ran past the last whole frame (in frame-nanoseconds: frames × 10⁹).
    private var playedUntil: UInt64
    private var fraction: UInt64 = 0
    private var starving = false
    private var draining = false
    private var drained = false

    /// Creates an empty sink reading `ring`, corked or playing, timed by `now`.
    init(
        format: AudioFormat, ring: SampleRing, corked: Bool,
        now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.format = format
        self.ring = ring
        self.corked = corked
        self.now = now
        playedUntil = now()
        bufferFrames = Int(Double(format.sampleRate) * Self.bufferDuration)
    }

    var isStarving: Bool { lock.withLock { starving } }
    var isDrained: Bool { lock.withLock { drained } }
    var framesHandedOver: Int { lock.withLock { handedOver } }

    /// Plays the clock forward and refills the buffer; returns false once the sink is closed.
    func tick() -> Bool {
        lock.withLock {
            guard open else { return false }
            play(until: now())
            refill()
            if draining, buffered == 0, ring.available == 0 { drained = true }
            return true
        }
    }

    func topUp() { lock.withLock { if open { refill() } } }

    /// Waits while the sink is corked and open; returns whether it is still open.
    func waitWhilePaused() -> Bool {
        lock.withLock {
            while corked, open { lock.wait() }
            return open
        }
    }

    func setCorked(_ corked: Bool) {
        lock.withLock {
            play(until: now())
            self.corked = corked
            lock.broadcast()
        }
    }

    func flush() {
        lock.withLock {
            ring.reset()
            buffered = 0
            handedOver = 0
            draining = false
            drained = false
        }
    }

    func drain() {
        lock.withLock {
            draining = true
            drained = false
        }
    }

    func heardFrames() -> Int {
        lock.withLock {
            play(until: now())
            return handedOver - buffered
        }
    }

    /// Stops the pacing thread at its next tick; the ring is not read after this returns.
    func close() {
        lock.withLock {
            open = false
            lock.broadcast()
        }
    }

    private func play(until time: UInt64) {
        defer { playedUntil = max(playedUntil, time) }
        guard !corked, time > playedUntil else { return }
        let (whole, part) = ((time - playedUntil) * UInt64(format.sampleRate) + fraction).quotientAndRemainder(
            dividingBy: 1_000_000_000)
        fraction = part
        buffered -= min(buffered, Int(whole))
    }

    private func refill() {
        let wanted = bufferFrames - buffered
        guard wanted > 0 else { return }
        let readable = ring.available - ring.available % format.channels
        let frames = ring.discard(maxSamples: min(wanted * format.channels, readable)) / format.channels
        buffered += frames
        handedOver += frames
        starving = frames < wanted
    }
}
