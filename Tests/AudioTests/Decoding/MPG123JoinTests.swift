import Foundation
import RondoTesting
import Testing

@testable import Audio

/// A live MP3 stream is joined at whatever byte its server sends first. Bytes there that
/// look like frames of another format must not set the format the whole station is played
/// at (a 44.1 kHz station played as 24 kHz sounds at 0.54 times its pitch, for good).
struct MPG123JoinTests {
    /// Three MPEG-2 Layer III frame headers (24 kHz, 64 kbit/s, mono: 192 bytes a frame)
    /// chained as a decoder expects, each followed by noise, then a 44.1 kHz stream joined
    /// in the middle of a frame, as an Icecast burst can begin.
    private static func joinedStream() throws -> [UInt8] {
        var random = SplitMix64(seed: 16)
        var bytes: [UInt8] = []
        for _ in 0..<3 {
            bytes += [0xFF, 0xF3, 0x84, 0xC0]
            bytes += (0..<188).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        let music = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("steps.mp3"))))
        return bytes + music[20_011...]
    }

    @Test func aFalseFormatAtTheJoinIsNotBelieved() throws {
        let source = GatedByteSource(try Self.joinedStream(), live: true)
        let decoder = try MPG123Decoder(source: HeaderReplayingSource(source))
        #expect(decoder.format == AudioFormat(sampleRate: 44_100, channels: 2))
        let decoded = try decoder.readAll()
        #expect(decoded.count > 44_100 * 2 * 5, "decoded \(decoded.count) samples")
    }

    /// The sound decoded while the format settled is played, not lost: a stream joined at a
    /// frame's start decodes to exactly what the file does from there.
    @Test func theSoundDecodedWhileSettlingIsKept() throws {
        let music = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("steps.mp3"))))
        let whole = try MPG123Decoder(source: HeaderReplayingSource(GatedByteSource(music, live: true))).readAll()
        let file = try AudioDecoders.open(Fixtures.path("steps.mp3")).readAll()
        #expect(whole.count == file.count)
        #expect(largestDifference(whole, file) < 1e-4)
    }
}
