import RondoTesting
import Testing
import TextEncodings

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

    /// Text that is not UTF-8 is read as Windows-1252 (Latin-1 but for 0x80–0x9F).
    @Test func fallsBackToWindows1252() {
        let block = Array("StreamTitle='Bj".utf8) + [0xF6] + Array("rk';".utf8)
        #expect(ICYMetadata(block).streamTitle == "Björk")
        #expect(parse("StreamTitle='Sigur Rós';")["StreamTitle"] == "Sigur Rós")
        let quoted = Array("StreamTitle='Don".utf8) + [0x92] + Array("t Stop ".utf8) + [0x80] + Array("';".utf8)
        #expect(ICYMetadata(quoted).streamTitle == "Don’t Stop €")
    }

    /// The encoding the address names is tried first: CP1251 bytes read as Cyrillic.
    @Test func readsTheNamedEncoding() throws {
        let block = Array("StreamTitle='".utf8) + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2] + Array("';".utf8)
        #expect(ICYMetadata(block, charset: try #require(TextEncoding(named: "cp1251"))).streamTitle == "Привет")
        #expect(ICYMetadata(block).streamTitle == "Ïðèâåò")
    }

    /// Control characters never reach a value: a line end becomes a space, an escape
    /// sequence goes whole.
    @Test func takesOutControlCharacters() {
        #expect(parse("StreamTitle='Bad\nOK MPD 0.23.5\nTitle: injected\u{1B}[31m\u{0}';")["StreamTitle"] == "Bad OK MPD 0.23.5 Title: injected")
    }

    /// Garbage gives no fields, and never a crash; no value it gives holds a control character.
    @Test func garbageGivesNothing() {
        var generator = SplitMix64(seed: 11)
        let alphabet: [UInt8] = [UInt8(ascii: "'"), UInt8(ascii: ";"), UInt8(ascii: "="), 0x41, 0xFF, 0, 0x0A, 0x1B, 0xC2, 0x85, 0x9B]
        let prefix = Array("StreamTitle='".utf8)
        for index in 0..<4_000 {
            let block = (0..<Int.random(in: 0...64, using: &generator)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            let fields = ICYMetadata(index.isMultiple(of: 2) ? prefix + block : block).fields
            for value in fields.values {
                #expect(!value.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(block)")
            }
        }
        #expect(ICYMetadata([]).fields.isEmpty)
        #expect(ICYMetadata(Array("no fields here".utf8)).fields.isEmpty)
    }
}
