import RondoTesting
import Testing
import TextEncodings

/// Declared encodings read through iconv, whole and as their bytes arrive.
struct TextEncodingTests {
    /// "Sèries i Cinema — Ж" and friends, in the encodings feeds and stations use, each with its bytes.
    static let samples: [(encoding: String, text: String)] = [
        ("ISO-8859-1", "Sèries i Cinema"), ("latin1", "Café"), ("ISO-8859-15", "Prix 5 €"), ("windows-1252", "Don’t Stop €"),
        ("cp1251", "Привет, мир"), ("KOI8-R", "Привет, мир"), ("Shift_JIS", "日本語のポッドキャスト"), ("GB2312", "中文播客"),
        ("GBK", "中文播客節"), ("Big5", "中文節目"), ("EUC-KR", "한국어 팟캐스트"), ("ISO-8859-2", "Zażółć gęślą jaźń"),
        ("UTF-16", "Sèries ✓"), ("UTF-16LE", "Sèries ✓"), ("UTF-16BE", "Sèries ✓"), ("UTF-8", "Sèries ✓"),
    ]

    /// Encodes `text` in `encoding` with iconv, the reverse of what is under test.
    static func encode(_ text: String, in encoding: String) -> [UInt8] {
        EncodedText.bytes(text, in: encoding)
    }

    /// Each sample's bytes decode to its text, whole.
    @Test(arguments: samples.indices)
    func decodesWhole(_ index: Int) throws {
        let (name, text) = Self.samples[index]
        let encoding = try #require(TextEncoding(named: name))
        #expect(encoding.decode(Self.encode(text, in: name)) == text)
    }

    /// Each sample's bytes decode to its text when they arrive one byte at a time, so a multibyte
    /// sequence is always split.
    @Test(arguments: samples.indices)
    func decodesByteByByte(_ index: Int) throws {
        let (name, text) = Self.samples[index]
        let transcoder = UTF8Transcoder(from: try #require(TextEncoding(named: name)))
        var output: [UInt8] = []
        for byte in Self.encode(text, in: name) { output += transcoder.convert([byte]) }
        output += transcoder.finish()
        #expect(String(decoding: output, as: UTF8.self) == text)
        #expect(!transcoder.sawInvalidInput)
    }

    /// Names iconv does not know, and names that are not names, are refused.
    @Test func unknownNamesAreRefused() {
        for name in ["", "klingon-8", "UTF-8/../x", String(repeating: "A", count: 100), "  "] {
            #expect(TextEncoding(named: name) == nil, "\(name)")
        }
        #expect(TextEncoding(named: " \"utf-8\" ")?.isUTF8 == true)
    }

    /// Bytes that are invalid in the declared encoding give nil whole, and U+FFFD as a stream,
    /// with the valid text around them kept.
    @Test func invalidBytes() throws {
        let utf8 = try #require(TextEncoding(named: "UTF-8"))
        #expect(utf8.decode([0x41, 0xFF]) == nil)
        let shiftJIS = try #require(TextEncoding(named: "Shift_JIS"))
        #expect(shiftJIS.decode([0x41, 0x82]) == nil)
        let transcoder = UTF8Transcoder(from: try #require(TextEncoding(named: "EUC-KR")))
        var output = transcoder.convert([0x41, 0xFF, 0x42])
        output += transcoder.finish()
        #expect(String(decoding: output, as: UTF8.self) == "A\u{FFFD}B")
        #expect(transcoder.sawInvalidInput)
        let truncated = UTF8Transcoder(from: try #require(TextEncoding(named: "UTF-16LE")))
        var tail = truncated.convert([0x41, 0x00, 0x42])
        tail += truncated.finish()
        #expect(String(decoding: tail, as: UTF8.self) == "A\u{FFFD}")
    }

    /// A long input in many pieces of random sizes converts to the same text as whole.
    @Test func longInputInRandomPieces() throws {
        let text = String(repeating: "Привет, мир - ", count: 2000)
        let bytes = Self.encode(text, in: "KOI8-R")
        var generator = SystemRandomNumberGenerator()
        let transcoder = UTF8Transcoder(from: try #require(TextEncoding(named: "KOI8-R")))
        var output: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...9000, using: &generator))
            output += transcoder.convert(bytes[start..<end])
            start = end
        }
        output += transcoder.finish()
        #expect(String(decoding: output, as: UTF8.self) == text)
    }
}
