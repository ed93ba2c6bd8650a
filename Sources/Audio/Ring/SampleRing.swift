import Synchronization

/// A single-producer, single-consumer ring of interleaved `Float` samples.
///
/// Ownership: the decode thread is the only producer (``writableRegion()``,
/// ``commitWrite(_:)``); the output stream's consumer (PulseAudio's write callback holding
/// the mainloop lock, or the null output's pacing thread holding its sink's lock) is the
/// only consumer (``read(into:maxSamples:)``, ``discard(maxSamples:)``). Neither side ever
/// blocks or allocates. ``reset()`` may only run while both sides are held off: the caller
/// holds the engine lock (no producer) and the consumer's lock.
final class SampleRing: @unchecked Sendable {
    /// Number of samples the ring holds, a power of two.
    let capacity: Int
    private let mask: Int
    private let storage: UnsafeMutablePointer<Float>
    /// Samples ever written; only the producer stores it.
    private let written = Atomic<Int>(0)
    /// Samples ever read; only the consumer stores it.
    private let consumed = Atomic<Int>(0)

    /// Creates a ring of at least `minimumCapacity` samples.
    init(minimumCapacity: Int) {
        var capacity = 1
        while capacity < minimumCapacity { capacity <<= 1 }
        self.capacity = capacity
        self.mask = capacity - 1
        self.storage = .allocate(capacity: capacity)
        storage.initialize(repeating: 0, count: capacity)
    }

    deinit { storage.deallocate() }

    /// Samples ready to be read.
    var available: Int { written.load(ordering: .acquiring) - consumed.load(ordering: .acquiring) }

    /// Free space in samples.
    var free: Int { capacity - available }

    /// Total samples ever written (the producer's clock).
    var totalWritten: Int { written.load(ordering: .acquiring) }

    /// Total samples ever read (the consumer's clock).
    var totalRead: Int { consumed.load(ordering: .acquiring) }

    /// The largest contiguous free region, for the producer to decode into.
    func writableRegion() -> UnsafeMutableBufferPointer<Float> {
        let head = written.load(ordering: .relaxed)
        let tail = consumed.load(ordering: .acquiring)
        let freeCount = capacity - (head - tail)
        let start = head & mask
        return UnsafeMutableBufferPointer(start: storage + start, count: min(freeCount, capacity - start))
    }

    /// Publishes `count` samples the producer wrote into ``writableRegion()``.
    func commitWrite(_ count: Int) {
        written.add(count, ordering: .releasing)
    }

    /// Copies up to `maxSamples` samples into `destination`; returns how many were copied.
    func read(into destination: UnsafeMutablePointer<Float>, maxSamples: Int) -> Int {
        let tail = consumed.load(ordering: .relaxed)
        let head = written.load(ordering: .acquiring)
        let count = min(maxSamples, head - tail)
        guard count > 0 else { return 0 }
        let start = tail & mask
        let first = min(count, capacity - start)
        destination.update(from: storage + start, count: first)
        if first < count { (destination + first).update(from: storage, count: count - first) }
        consumed.add(count, ordering: .releasing)
        return count
    }

    /// Consumes up to `maxSamples` samples without copying them; returns how many.
    func discard(maxSamples: Int) -> Int {
        let count = min(maxSamples, written.load(ordering: .acquiring) - consumed.load(ordering: .relaxed))
        guard count > 0 else { return 0 }
        consumed.add(count, ordering: .releasing)
        return count
    }

    /// Drops every unread sample. Both sides must be held off (see the type's notes).
    func reset() {
        consumed.store(written.load(ordering: .acquiring), ordering: .releasing)
    }
}
