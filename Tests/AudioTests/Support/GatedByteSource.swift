import Foundation

@testable import Audio

/// Bytes in memory handed out only as far as the test lets them, as a network gives them:
/// a read past that point waits until more is let through, the source is closed, or the
/// bytes end. Metadata is said when a read passes its offset, as a stream's ICY block is.
final class GatedByteSource: ByteSource, @unchecked Sendable {
    let name = "gated"
    var onMetadata: (([String: String]) -> Void)?
    let isLiveStream: Bool
    var isRemote: Bool { true }
    private let bytes: [UInt8]
    private let condition = NSCondition()
    private var letThrough: Int
    private var closed = false
    private var said: [(offset: Int, metadata: [String: String])]
    private(set) var position: Int64 = 0
    private(set) var atEnd = false

    init(_ bytes: [UInt8], live: Bool = false, letThrough: Int = .max, saying said: [(Int, [String: String])] = []) {
        self.bytes = bytes
        isLiveStream = live
        self.letThrough = letThrough
        self.said = said.map { (offset: $0.0, metadata: $0.1) }
    }

    var length: Int64? { isLiveStream ? nil : Int64(bytes.count) }
    var isSeekable: Bool { !isLiveStream }

    /// Lets reads go on up to byte `offset`.
    func letThrough(upTo offset: Int) {
        condition.withLock {
            letThrough = max(letThrough, offset)
            condition.broadcast()
        }
    }

    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    var isClosed: Bool { condition.withLock { closed } }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> Int {
        let start = Int(position)
        let limit: Int = condition.withLock {
            while !closed, start >= letThrough, start < bytes.count { condition.wait() }
            return closed ? start : min(bytes.count, letThrough)
        }
        let count = min(buffer.count, limit - start)
        guard count > 0 else {
            atEnd = true
            return 0
        }
        while let first = said.first, first.offset < start + count {
            said.removeFirst()
            onMetadata?(first.metadata)
        }
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<start + count])) }
        position += Int64(count)
        return count
    }

    func seek(to offset: Int64) throws(AudioError) {
        guard isSeekable, offset <= Int64(bytes.count) else { throw .decodeFailed(name, reason: "cannot seek") }
        position = offset
        atEnd = false
    }
}
