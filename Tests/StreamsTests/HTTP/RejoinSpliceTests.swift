import RondoTesting
import Testing

@testable import Streams

/// A live stream joined again picks up after the last bytes heard, however the server's
/// burst and the network cut the new bytes, and takes the new bytes whole when the place is
/// not found soon enough.
struct RejoinSpliceTests {
    private static func stream(_ count: Int) -> [UInt8] {
        var random = SplitMix64(seed: 42)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// Feeds `bytes` in pieces of `chunk`, `step` apart in time; returns what went on.
    private func feed(_ splice: inout RejoinSplice, _ bytes: ArraySlice<UInt8>, chunk: Int, step: Duration = .nanoseconds(100)) -> [UInt8] {
        var now = ContinuousClock.now
        var out: [UInt8] = []
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let piece = Array(bytes[offset..<min(offset + chunk, bytes.endIndex)])
            out += piece.withUnsafeBytes { splice.take($0, at: now) }
            offset += chunk
            now += step
        }
        return out
    }

    /// Heard up to byte 60,000, joined again with a burst from byte 20,000: the listener
    /// goes on at byte 60,000 exactly, whatever the size of the pieces.
    @Test(arguments: [1, 700, 4096, 100_000])
    func picksUpAfterTheLastByteHeard(chunk: Int) throws {
        let bytes = Self.stream(100_000)
        var splice = try #require(RejoinSplice(tail: Array(bytes[..<60_000])))
        let out = feed(&splice, bytes[20_000...], chunk: chunk)
        #expect(splice.isDone)
        #expect(out.count == 40_000 && out.elementsEqual(bytes[60_000...]), "\(out.count) bytes on")
    }

    /// A drop longer than the burst: the last bytes heard never come again, and after a
    /// second the new bytes go on whole, none lost.
    @Test func aMissedPlaceGivesUpAfterASecond() throws {
        let bytes = Self.stream(100_000)
        var splice = try #require(RejoinSplice(tail: Array(bytes[..<30_000])))
        let out = feed(&splice, bytes[50_000...], chunk: 1000, step: .milliseconds(50))
        #expect(splice.isDone)
        #expect(out.count == 50_000 && out.elementsEqual(bytes[50_000...]), "\(out.count) bytes on")
    }

    /// Too little heard before the drop to find: no splice at all.
    @Test func aShortTailSplicesNothing() {
        #expect(RejoinSplice(tail: [UInt8](repeating: 1, count: RejoinSplice.anchorLength - 1)) == nil)
    }
}
