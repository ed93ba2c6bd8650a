import Glibc

/// One NDJSON frame read from a client: a complete line, or the news that a line was
/// longer than the cap and has been thrown away.
public enum Frame: Sendable, Equatable {
    /// A line without its `\n` (nor the `\r` before it).
    case line([UInt8])
    /// A line longer than the cap was discarded up to its `\n`; the connection goes on.
    case oversized
}

/// Splits a client's byte stream into `\n`-terminated lines, refusing to buffer more than
/// `maximumLength` bytes of one line.
///
/// A line over the cap yields ``Frame/oversized`` once, as soon as it passes the cap, and
/// its remaining bytes are skipped until the next `\n`, so one huge line costs at most the
/// cap in memory. A `\r` just before the `\n` belongs to the terminator.
public struct LineSplitter {
    /// The longest line kept, terminator excluded.
    public let maximumLength: Int
    /// The start of a line whose `\n` has not come yet.
    private var partial: [UInt8] = []
    private var discarding = false

    /// Creates a splitter with an empty stream.
    public init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// Reads `bytes`, the next part of the stream, and appends the frames it completes.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, to frames: inout [Frame]) {
        var start = 0
        while start < bytes.count {
            guard let newline = Self.index(of: UInt8(ascii: "\n"), in: bytes, from: start) else {
                keepPartial(UnsafeRawBufferPointer(rebasing: bytes[start...]), to: &frames)
                return
            }
            let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<newline])
            start = newline + 1
            if discarding {
                discarding = false
                partial.removeAll(keepingCapacity: false)
                continue
            }
            guard partial.count + piece.count <= maximumLength else {
                partial.removeAll(keepingCapacity: false)
                frames.append(.oversized)
                continue
            }
            var line: [UInt8]
            if partial.isEmpty {
                line = Array(piece)
            } else {
                line = partial
                line.append(contentsOf: piece)
                partial.removeAll(keepingCapacity: false)
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            frames.append(.line(line))
        }
    }

    /// The stream has ended: a last line without `\n` is a request too, unless it was
    /// being discarded.
    public mutating func finish() -> Frame? {
        defer {
            partial = []
            discarding = false
        }
        guard !discarding, !partial.isEmpty else { return nil }
        return .line(partial)
    }

    /// Keeps the start of a line, or reports it once it has passed the cap.
    private mutating func keepPartial(_ bytes: UnsafeRawBufferPointer, to frames: inout [Frame]) {
        guard !discarding else { return }
        if partial.count + bytes.count > maximumLength {
            partial.removeAll(keepingCapacity: false)
            discarding = true
            frames.append(.oversized)
        } else {
            partial.append(contentsOf: bytes)
        }
    }

    private static func index(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
