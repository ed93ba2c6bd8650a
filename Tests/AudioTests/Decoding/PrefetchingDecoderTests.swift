import Foundation
import RondoTesting
import Testing

@testable import Audio

extension AudioDecoder {
    /// Reads up to `count` samples, waiting (up to `timeout` seconds in all) while the
    /// decoder waits for its input; fewer only at the end.
    fileprivate func readWaiting(count: Int, timeout: Double = 10) throws -> [Float] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var samples: [Float] = []
        var chunk = [Float](repeating: 0, count: 4096)
        while samples.count < count {
            if waitsForInput {
                guard Date() < deadline else { throw AudioError.decodeFailed("test", reason: "no input within \(timeout) s") }
                Thread.sleep(forTimeInterval: 0.002)
                continue
            }
            let want = min(chunk.count, count - samples.count)
            let got = try chunk.withUnsafeMutableBufferPointer { buffer throws(AudioError) in
                try read(into: UnsafeMutableBufferPointer(rebasing: buffer[..<want]))
            }
            if got == 0 { break }
            samples += chunk[..<got]
        }
        return samples
    }
}

/// A remote source's decoder, read ahead on its own thread: the engine reading it never
/// waits, it says when it has nothing yet, and it gives exactly what the file's own decoder
/// gives, seeks included; what the stream says comes out when the samples reach it.
struct PrefetchingDecoderTests {
    static let fixture = Fixtures.path("steps.mp3")

    private static func bytes() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixture)))
    }

    /// With only the first bytes let through, the decoder gives what they hold, then waits,
    /// and a read gives nothing at once. Once the rest comes, it gives every sample the
    /// file's decoder gives, in order, then ends.
    @Test func waitsThenGivesWhatTheFileGives() throws {
        let reference = try AudioDecoders.open(Self.fixture).readAll()
        let bytes = try Self.bytes()
        let source = GatedByteSource(bytes, letThrough: 32_768)
        let opened = try AudioDecoders.open("gated") { _ throws(AudioError) in source }
        let decoder = try #require(opened as? PrefetchingDecoder)
        #expect(decoder.frameCount == reference.count / 2)
        var early: [Float] = []
        var chunk = [Float](repeating: 0, count: 8192)
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if decoder.waitsForInput {
                Thread.sleep(forTimeInterval: 0.2)
                if decoder.waitsForInput { break }
                continue
            }
            let got = try chunk.withUnsafeMutableBufferPointer { buffer throws(AudioError) in try decoder.read(into: buffer) }
            early += chunk[..<got]
        }
        #expect(decoder.waitsForInput)
        #expect(early.count > 0 && early.count < reference.count)
        #expect(try chunk.withUnsafeMutableBufferPointer { buffer throws(AudioError) in try decoder.read(into: buffer) } == 0)
        source.letThrough(upTo: bytes.count)
        let all = early + (try decoder.readWaiting(count: reference.count))
        #expect(all.count == reference.count)
        #expect(largestDifference(all, reference) == 0)
        #expect(!decoder.waitsForInput)
    }

    /// A seek is asked for and done on the decoder's thread: what follows is exactly the
    /// file decoder's samples from that frame.
    @Test func seekLandsOnTheFrame() throws {
        let reference = try AudioDecoders.open(Self.fixture).readAll()
        let source = GatedByteSource(try Self.bytes())
        let decoder = try AudioDecoders.open("gated") { _ throws(AudioError) in source }
        for target in [44_100 * 3, 17, 44_100 * 7 + 5] {
            try decoder.seek(toFrame: target)
            let heard = try decoder.readWaiting(count: 2048)
            #expect(largestDifference(heard, reference[(2 * target)..<(2 * target + 2048)]) == 0, "seek to \(target)")
        }
    }

    /// What the stream says comes out once the samples decoded from the bytes after it have
    /// been read, each change once and in order.
    @Test func metadataComesWithTheSamplesAfterIt() throws {
        let bytes = try Self.bytes()
        let source = GatedByteSource(
            bytes, saying: [(0, ["StreamTitle": "first"]), (bytes.count / 2, ["StreamTitle": "second"])])
        let decoder = try AudioDecoders.open("gated") { _ throws(AudioError) in source }
        let total = try AudioDecoders.open(Self.fixture).readAll().count
        _ = try decoder.readWaiting(count: 2)
        #expect(decoder.takeMetadata() == ["StreamTitle": "first"])
        #expect(decoder.takeMetadata() == nil)
        _ = try decoder.readWaiting(count: total / 2 - 44_100)
        #expect(decoder.takeMetadata() == nil)
        _ = try decoder.readWaiting(count: 2 * 44_100)
        #expect(decoder.takeMetadata() == ["StreamTitle": "second"])
    }

    /// A live stream is decoded from where it was joined (its first bytes told its format
    /// and were then decoded too), and has nowhere to seek: a seek leaves it playing on.
    @Test func liveStreamDecodesFromTheJoinAndCannotSeek() throws {
        let reference = try AudioDecoders.open(Self.fixture).readAll()
        let source = GatedByteSource(try Self.bytes(), live: true)
        let decoder = try AudioDecoders.open("gated") { _ throws(AudioError) in source }
        #expect(decoder.frameCount == nil)
        let first = try decoder.readWaiting(count: 44_100)
        try decoder.seek(toFrame: 44_100 * 5)
        let next = try decoder.readWaiting(count: 44_100)
        let decoded = first + next
        #expect(decoded.count == 2 * 44_100)
        #expect(largestDifference(decoded, reference[..<decoded.count]) < 1e-4)
    }

    /// When the decoder goes, its source is closed, so a read waiting there for bytes that
    /// may never come returns and the decoder's thread ends.
    @Test func goingAwayClosesTheSource() throws {
        let source = GatedByteSource(try Self.bytes(), letThrough: 8192)
        do {
            let decoder = try AudioDecoders.open("gated") { _ throws(AudioError) in source }
            _ = try decoder.readWaiting(count: 2, timeout: 2)
        }
        #expect(source.isClosed)
    }
}
