import RondoTesting
import Testing
import TextEncodings

/// Undeclared text: a hint first, UTF-8 when valid, else Windows-1252.
struct LenientTextTests {
    /// Valid UTF-8 is read as UTF-8.
    @Test func utf8() {
        #expect(LenientText.decode(Array("Café ✓".utf8)) == "Café ✓")
    }

    /// Text that is not UTF-8 is Windows-1252: its curly quote and euro, not C1 controls.
    @Test func windows1252Fallback() {
        let bytes: [UInt8] = Array("Don".utf8) + [0x92] + Array("t Stop ".utf8) + [0x80]
        #expect(LenientText.decode(bytes) == "Don’t Stop €")
        #expect(LenientText.decode(Array("Radio Caf".utf8) + [0xE9]) == "Radio Café")
    }

    /// Every byte string decodes, and the five bytes Windows-1252 leaves undefined keep their Latin-1 value.
    @Test func everyByteDecodes() {
        let all = (0...255).map { UInt8($0) }
        let text = LenientText.decode(all)
        #expect(text.unicodeScalars.count == 256)
        for undefined: UInt8 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            #expect(text.unicodeScalars.map(\.value).contains(UInt32(undefined)))
        }
    }

    /// A hint wins when the bytes are valid in it, and is passed over when they are not.
    @Test func hint() throws {
        let cp1251 = try #require(TextEncoding(named: "cp1251"))
        let bytes = EncodedText.bytes("Привет", in: "cp1251")
        #expect(LenientText.decode(bytes, hint: cp1251) == "Привет")
        let utf16 = try #require(TextEncoding(named: "UTF-16LE"))
        #expect(LenientText.decode(Array("odd".utf8), hint: utf16) == "odd")
    }
}
