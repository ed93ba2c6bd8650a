import Audio
import RondoTesting
import Streams

/// Reading helpers for the stream tests.
enum StreamReading {
    /// `count` bytes of a seeded pseudo-random sequence, the same for the same seed.
    static func bytes(count: Int, seed: UInt64 = 1) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count { withUnsafeBytes(of: generator.next()) { bytes += $0 } }
        return Array(bytes.prefix(count))
    }

    /// Reads `source` to its end (or `limit` bytes) in reads of `chunk` bytes.
    static func readAll(_ source: any ByteSource, chunk: Int = 4096, limit: Int = .max) throws -> [UInt8] {
        var result: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        while result.count < limit {
            let wanted = min(chunk, limit - result.count)
            let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
            if count == 0 { break }
            result += buffer.prefix(count)
        }
        return result
    }

    /// The reason of an ``AudioError/unreachable(_:reason:)``, `nil` for anything else.
    static func unreachableReason(_ error: any Error) -> String? {
        guard case .unreachable(_, let reason) = error as? AudioError else { return nil }
        return reason
    }
}
