import Foundation
import RondoTesting
import TagReading
import Testing

@testable import Audio

/// The iTunes items of MPEG-4 audio files, and what their audio track says, read box by box.
struct MP4TagReaderTests {
    private func scan(_ bytes: [UInt8]) throws -> FileTags {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        return try AudioTagReader().scanTags(at: try fixtures.write("built.m4a", bytes))
    }

    /// An AAC file as ffmpeg writes it: its tags, rate, channels, and the length its edit
    /// list gives (without the encoder's priming and padding).
    @Test func readsAnEncodersFile() throws {
        let tags = try AudioTagReader().scanTags(at: Fixtures.path("tone440.m4a"))
        #expect(tags.title == "Tone 440 AAC")
        #expect(tags.artist == "Rondo Fixtures")
        #expect(tags.album == "Test Tones")
        #expect(tags.genre == "Test")
        #expect(tags.trackNumber == 7)
        #expect(tags.sampleRate == 44_100)
        #expect(tags.channels == 2)
        #expect(abs((tags.duration ?? 0) - 5) < 0.001, "duration \(tags.duration ?? -1)")
        let alac = try AudioTagReader().scanTags(at: Fixtures.path("tone440-alac.m4a"))
        #expect(abs((alac.duration ?? 0) - 5) < 0.001)
    }

    /// Every item the scanner keeps: texts, numbers, the ID3v1 genre number, the cover and
    /// ReplayGain's freeform items.
    @Test func readsEveryItem() throws {
        let png = TestImages.png(width: 3, height: 2)
        let tags = try scan(
            MP4Builder.file(
                items: [
                    MP4Builder.text("\u{A9}nam", "Title"), MP4Builder.text("\u{A9}ART", "Artist"), MP4Builder.text("aART", "Album Artist"),
                    MP4Builder.text("\u{A9}alb", "Album"), MP4Builder.text("\u{A9}wrt", "Composer"),
                    MP4Builder.text("\u{A9}day", "2019-05-01T00:00:00Z"),
                    MP4Builder.item("gnre", kind: 0, MP4Builder.uint16(18)), MP4Builder.position("trkn", 3, of: 12),
                    MP4Builder.position("disk", 2, of: 2), MP4Builder.item("covr", kind: 14, png),
                    MP4Builder.freeform("replaygain_track_gain", "-6.50 dB"), MP4Builder.freeform("replaygain_album_peak", "0.9"),
                ], rate: 48_000, channels: 1, seconds: 3))
        #expect(tags.title == "Title")
        #expect(tags.artist == "Artist")
        #expect(tags.albumArtist == "Album Artist")
        #expect(tags.album == "Album")
        #expect(tags.composer == "Composer")
        #expect(tags.year == 2019)
        #expect(tags.genre == ID3Genre.name(17))
        #expect(tags.trackNumber == 3)
        #expect(tags.discNumber == 2)
        #expect(tags.picture == EmbeddedPicture(data: png))
        #expect(tags.replayGain.trackGain == -6.5)
        #expect(tags.replayGain.albumPeak == 0.9)
        #expect(tags.sampleRate == 48_000)
        #expect(tags.channels == 1)
        #expect(tags.duration == 3)
    }

    /// A 64-bit length or duration with its top bit set (only a hostile file has one) is
    /// read as a non-negative number, never a crash.
    @Test func wideFieldsStayNonNegative() {
        #expect(MP4TagReader.int63(high: 0xFFFF_FFFF, low: 0xFFFF_FFFF) == Int.max)
        #expect(MP4TagReader.int63(high: 0x8000_0000, low: 7) == 7)
        #expect(MP4TagReader.int63(high: 1, low: 2) == 1 << 32 | 2)
    }

    /// A file with no sound track, one cut inside its boxes, and one whose box claims more
    /// than its parent holds are damaged, each with its reason.
    @Test func damagedFilesSayWhy() throws {
        let video = MP4Builder.file(items: [], handler: "vide")
        #expect(throws: TagReadFailure.malformed(format: "MP4", reason: "no audio track")) { try scan(video) }
        let whole = MP4Builder.file(items: [MP4Builder.text("\u{A9}nam", "Title")])
        #expect(throws: TagReadFailure.self) { try scan(Array(whole.prefix(200))) }
        var overlong = whole
        overlong[28 + 1] = 0x7F  // the moov box's size, past the end of the file
        #expect {
            try scan(overlong)
        } throws: { error in
            guard case TagReadFailure.malformed(_, let reason) = error else { return false }
            return reason.contains("past the end")
        }
    }

}

/// The MP4 reader on thousands of damaged files: it never crashes or hangs, and each file
/// gives tags or a ``TagReadFailure``.
@Suite(.serialized("each test is a CPU-bound fuzz run: one at a time leaves the cores to the tests that listen"), .tags(.fuzz), .fullLane(.fuzz))
struct MP4TagReaderFuzzTests {
    /// 2,400 damaged copies of a built file and an encoder's file each give tags or a
    /// failure in bounded time.
    @Test(.timeLimit(.minutes(10)))
    func survivesDamagedFiles() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let built = MP4Builder.file(items: [
            MP4Builder.text("\u{A9}nam", "Fuzz"), MP4Builder.item("covr", kind: 14, TestImages.png(width: 3, height: 2)),
            MP4Builder.freeform("replaygain_track_gain", "-1 dB"), MP4Builder.position("trkn", 1, of: 2),
        ])
        let encoded = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("tone440.m4a"))))
        let seeds = [("built.m4a", built), ("encoded.m4a", encoded)].map { name, bytes in
            let offsets = MP4Builder.boxOffsets(bytes)
            return ContainerSeed(
                name: name, bytes: bytes, fields: offsets.map { LengthField(offset: $0, width: 4, bigEndian: true) },
                boundaries: offsets.flatMap { [$0, $0 + 4, $0 + 8] })
        }
        var mutator = ContainerMutator(rng: SplitMix64(seed: 0x4D50_3441))
        let (violations, outcomes) = try mutator.run(seeds, count: 2_400, at: fixtures.directory.appending("damaged.m4a"))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        #expect(outcomes["read", default: 0] > 0, "\(outcomes)")
        #expect(outcomes["damaged MP4 file", default: 0] > 0, "\(outcomes)")
    }
}
