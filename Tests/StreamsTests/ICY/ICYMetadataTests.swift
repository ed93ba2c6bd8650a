import RondoTesting
import Testing

@testable import Streams

/// Reading ICY metadata blocks as stations really send them.
struct ICYMetadataTests {
    private func parse(_ text: String, padding: Int = 7) -> [String: String] {
        ICYMetadata(Array(text.utf8) + [UInt8](repeating: 0, count: padding)).fields
    }

    /// The title and address of a well-formed block, NUL padding dropped.
    @Test func readsTitleAndAddress() {
        #expect(
            parse("StreamTitle='Artist - Song';StreamUrl='http://example.com/';") == [
                "StreamTitle": "Artist - Song", "StreamUrl": "http://example.com/",
            ])
    }

    /// Quotes inside a title stay in it; only `';` before another field or the end closes it.
    @Test func keepsQuotesInTitles() {
        #expect(parse("StreamTitle='Guns N' Roses - Don't Cry';StreamUrl='';")["StreamTitle"] == "Guns N' Roses - Don't Cry")
        #expect(parse("StreamTitle='It's';done';")["StreamTitle"] == "It's';done")
    }

    /// A block without its final `';`, or without even the quote, still gives its title.
    @Test func toleratesMissingTerminators() {
        #expect(parse("StreamTitle='No end'")["StreamTitle"] == "No end")
        #expect(parse("StreamTitle='No quote either")["StreamTitle"] == "No quote either")
    }

    /// An empty title is a title, empty.
    @Test func readsEmptyTitles() {
        #expect(parse("StreamTitle='';")["StreamTitle"] == "")
        #expect(parse("StreamTitle='")["StreamTitle"] == "")
    }

    /// Text that is not UTF-8 is read as Latin-1.
    @Test func fallsBackToLatin1() {
        let block = Array("StreamTitle='Bj".utf8) + [0xF6] + Array("rk';".utf8)
        #expect(ICYMetadata(block).streamTitle == "Björk")
        #expect(parse("StreamTitle='Sigur Rós';")["StreamTitle"] == "Sigur Rós")
    }

    /// Garbage gives no fields, and never a crash.
    @Test func garbageGivesNothing() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let block = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                [UInt8(ascii: "'"), UInt8(ascii: ";"), UInt8(ascii: "="), 0x41, 0xFF, 0][Int.random(in: 0...5, using: &generator)]
            }
            _ = ICYMetadata(block)
        }
        #expect(ICYMetadata([]).fields.isEmpty)
        #expect(ICYMetadata(Array("no fields here".utf8)).fields.isEmpty)
    }
}
