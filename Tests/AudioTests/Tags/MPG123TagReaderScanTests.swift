import Foundation
import RondoTesting
import TagReading
import Testing

@testable import Audio

/// ``MPG123TagReader/scanTags(at:)`` on real MP3 files from `lame` and on broken files:
/// every refusal names its reason, and the year is read from every place it can be.
struct MPG123TagReaderScanTests {
    private let reader = MPG123TagReader()

    /// A tagged file scans to the same tags as a full read, with its year and duration.
    @Test func readsTagsYearAndDurationOfAGoodFile() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let path = try fixtures.mp3("good.mp3", ["--tt", "Title", "--ta", "Artist", "--ty", "1999", "--tn", "4"])
        let tags = try reader.scanTags(at: path)
        #expect(tags == (try reader.tags(at: path)))
        #expect(tags.year == 1999)
        #expect(tags.trackNumber == 4)
        #expect(abs(try #require(tags.duration) - 0.5) < 0.05)
    }

    /// The year comes from TDRC (ID3v2.4), TYER, or TDOR when only the original date is given.
    @Test(arguments: [("TDRC", "2004-06-01"), ("TYER", "1987"), ("TDOR", "1971")])
    func readsTheYearFrom(frame: String, value: String) throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: frame == "TYER" ? 3 : 4)
        tag.text(frame, value)
        let tags = try reader.scanTags(at: try fixtures.mp3("year.mp3", tag: tag))
        #expect(tags.year == Int(value.prefix(4)))
    }

    /// Empty, truncated, random, text and oversized-tag files are refused with their reason.
    @Test func namesWhyABrokenFileIsRefused() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: 3)
        tag.text("TIT2", "Broken")
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: try fixtures.mp3("base.mp3", tag: tag))))
        var generator = SplitMix64(seed: 7)
        let random = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let oversized = Array("ID3".utf8) + [3, 0, 0, 0x08, 0, 0, 0] + [UInt8](repeating: 0, count: 16 << 20) + good
        let cases: [(String, [UInt8], TagReadFailure)] = [
            ("empty.mp3", [], .empty),
            ("cut-in-tag.mp3", Array(good.prefix(12)), .truncated),
            ("cut-in-frame.mp3", Array(good.prefix(tag.bytes.count + 40)), .truncated),
            ("random.mp3", random.map { $0 == 0xFF ? 0xFE : $0 }, .notMP3),
            ("text.mp3", Array(String(repeating: "not an mp3\n", count: 50).utf8), .notMP3),
            ("oversized.mp3", oversized, .oversizedTag(bytes: (16 << 20) + 10)),
        ]
        for (name, bytes, expected) in cases {
            #expect(throws: expected, "\(name)") { try reader.scanTags(at: try fixtures.write(name, bytes)) }
        }
        #expect(throws: TagReadFailure.unreadable(reason: "No such file or directory")) {
            try reader.scanTags(at: fixtures.directory.appending("missing.mp3"))
        }
        #expect(TagReadFailure.oversizedTag(bytes: 5).description == "oversized tag: the ID3v2 tag declares 5 bytes")
    }

    /// Random bytes that do contain frame-sync patterns are still not taken for MP3 audio.
    @Test func refusesRandomBytesWithSyncPatterns() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var generator = SplitMix64(seed: 42)
        for round in 0..<20 {
            let bytes = (0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(throws: TagReadFailure.notMP3) { try reader.scanTags(at: try fixtures.write("r\(round).mp3", bytes)) }
        }
    }
}
