import RondoTesting
import Testing

@testable import Library

/// The folded matches SQLite runs for the MPD front end's `search` against Swift's own
/// answer, on text built of the characters where a byte match could go wrong: cased letters
/// of one, two, three and four bytes, combining marks and joiners, conjoining jamo and
/// viramas, characters folding or equal to ASCII (`İ`, the Kelvin sign, U+037E) or to
/// another length (`ẞ`), canonical equivalents (the ohm sign and omega), CR and LF.
struct FoldedMatchTests {
    static let alphabet: [String] = [
        "a", "B", "k", "i", ";", " ", "\r", "\n", "e", "é", "É", "e\u{301}", "Ф", "ф", "İ", "\u{212A}", "ß", "Σ", "σ", "ς",
        "\u{37E}", "中", "😀", "Ł", "ł", "\u{600}", "·", "\u{387}", "Ա", "\u{2126}", "ω", "Ω", "\u{1100}", "\u{1161}", "가",
        "\u{200D}", "東", "京", "Ａ", "ａ", "\u{1F71}", "\u{3AC}", "\u{1E9E}", "\u{FE0F}", "\u{D4E}", "क", "\u{94D}",
    ]

    private func answer(_ text: String, _ part: String, anywhere: Bool) -> Bool {
        var text = text
        var part = part.lowercased()
        return text.withUTF8 { text in
            part.withUTF8 { part in FoldedMatch.folded(text, contains: part, anywhere: anywhere) }
        }
    }

    @Test func everyAnswerIsSwifts() {
        var random = SplitMix64(seed: 56)
        func word(_ length: Int) -> String {
            (0..<length).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }.joined()
        }
        for _ in 0..<30_000 {
            let text = word(Int(random.next() % 8))
            let characters = Array(text)
            // A part from the text itself (often a match), or made up.
            let part: String
            if !characters.isEmpty, random.next() % 2 == 0 {
                let start = Int(random.next() % UInt64(characters.count))
                let end = start + 1 + Int(random.next() % UInt64(characters.count - start))
                part = random.next() % 2 == 0 ? String(characters[start..<end]).uppercased() : String(characters[start..<end])
            } else {
                part = word(1 + Int(random.next() % 3))
            }
            let folded = text.lowercased()
            let wanted = part.lowercased()
            #expect(answer(text, part, anywhere: true) == folded.contains(wanted), "\(text.debugDescription) contains \(part.debugDescription)")
            #expect(answer(text, part, anywhere: false) == folded.hasPrefix(wanted), "\(text.debugDescription) starts with \(part.debugDescription)")
        }
    }

    @Test func lettersOfOtherScriptsFoldWithoutTheWholeText() {
        #expect(answer("Фантом Señor", "фантом", anywhere: true))
        #expect(answer("Фантом Señor", "SEÑOR", anywhere: true))
        #expect(!answer("Фантом Señor", "senor", anywhere: true))
        #expect(answer("ΟΔΟΣ", "οδοσ", anywhere: false))
        #expect(answer("東京 Ａｂ", "ＡＢ", anywhere: true))
    }
}
