/// The bytes of a stream between the network and its reader: at most ``limit`` not yet
/// read, and behind the reader the most recently read ones, kept until their room is
/// needed (at least ``history`` of them), so a reader that looks at a stream's first bytes
/// and goes back to its start does so without asking the network again.
///
/// Offsets count the stream's bytes from its start. Memory is allocated once, `limit +
/// history` bytes. Not thread-safe: its owner guards it.
final class ByteRing {
    /// The most unread bytes it holds.
    let limit: Int
    /// The fewest read bytes it keeps behind the reader once that many were read.
    let history: Int
    private let storage: UnsafeMutableRawBufferPointer
    /// The offset of the oldest byte kept.
    private(set) var start: Int64 = 0
    /// The offset of the next byte to read.
    private(set) var readOffset: Int64 = 0
    /// The offset one past the newest byte.
    private(set) var end: Int64 = 0

    /// An empty ring at offset 0.
    init(limit: Int, history: Int) {
        self.limit = limit
        self.history = history
        storage = .allocate(byteCount: limit + history, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// Bytes written and not yet read.
    var unread: Int { Int(end - readOffset) }

    /// Whether `count` more bytes fit without passing ``limit`` unread bytes.
    func canTake(_ count: Int) -> Bool { unread + count <= limit }

    /// Whether the reader can move to `offset` without the network.
    func holds(_ offset: Int64) -> Bool { offset >= start && offset <= end }

    /// Adds `bytes` after the newest byte, dropping the oldest read bytes to make room.
    /// The caller checked ``canTake(_:)``.
    func append(_ bytes: UnsafeRawBufferPointer) {
        precondition(canTake(bytes.count), "the ring takes at most \(limit) unread bytes")
        let capacity = storage.count
        if Int(end - start) + bytes.count > capacity { start = end + Int64(bytes.count) - Int64(capacity) }
        var copied = 0
        while copied < bytes.count {
            let index = Int((end + Int64(copied)) % Int64(capacity))
            let count = min(bytes.count - copied, capacity - index)
            (storage.baseAddress! + index).copyMemory(from: bytes.baseAddress! + copied, byteCount: count)
            copied += count
        }
        end += Int64(bytes.count)
    }

    /// Adds `bytes` as ``append(_:)`` does, but where they would pass ``limit`` unread bytes
    /// the oldest unread bytes give way (all of them, and the first of `bytes`, when `bytes`
    /// alone passes it): for a live stream, whose newest audio matters most.
    func appendDiscardingOldest(_ bytes: UnsafeRawBufferPointer) {
        let kept = bytes.count > limit ? UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - limit)...]) : bytes
        let excess = unread + kept.count - limit
        if excess > 0 { readOffset += Int64(excess) }
        append(kept)
    }

    /// Copies up to `count` unread bytes into `destination` and moves the reader past them.
    /// - Returns: how many bytes were copied.
    func read(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        let total = min(count, unread)
        let capacity = storage.count
        var copied = 0
        while copied < total {
            let index = Int((readOffset + Int64(copied)) % Int64(capacity))
            let piece = min(total - copied, capacity - index)
            (destination + copied).copyMemory(from: storage.baseAddress! + index, byteCount: piece)
            copied += piece
        }
        readOffset += Int64(total)
        return total
    }

    /// Moves the reader to `offset`, one the ring ``holds(_:)``.
    func moveReader(to offset: Int64) {
        precondition(holds(offset), "offset \(offset) is outside \(start)...\(end)")
        readOffset = offset
    }

    /// Forgets every byte: the next one written is the stream's byte at `offset`.
    func reset(at offset: Int64) {
        (start, readOffset, end) = (offset, offset, offset)
    }

    /// The newest `count` bytes written (fewer when the ring holds fewer), read or not.
    func newest(_ count: Int) -> [UInt8] {
        let available = min(count, Int(end - start))
        let capacity = storage.count
        return (0..<available).map { step in
            storage[Int((end - Int64(available) + Int64(step)) % Int64(capacity))]
        }
    }
}
