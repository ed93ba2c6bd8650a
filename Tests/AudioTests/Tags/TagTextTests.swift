import RondoTesting
import Testing
import TextEncodings

@testable import Audio

/// Tag values as the scanner keeps them: control characters taken out, leading spaces,
/// trailing spaces and NULs dropped, an empty value none; the fast path for values with
/// nothing to remove gives what cleaning character by character gives.
struct TagTextTests {
    /// Cleaning character by character, as every value was cleaned before the fast path.
    private static func trimmedByCharacter(_ value: String) -> String? {
        let value = ControlCharacters.stripped(value)
        let trimmed = value.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\0" }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    @Test(
        arguments: [
            ("Abbey Road", "Abbey Road"), ("  Help!  ", "Help!"), ("Yesterday\0\0", "Yesterday"), ("\0lead", "lead"),
            ("", nil), ("   ", nil), ("\0", nil), (" \0 ", nil), ("Björk ", "Björk"), (" e\u{301}", "e\u{301}"),
        ] as [(String, String?)])
    func trimsSpacesAndNULs(value: String, expected: String?) {
        #expect(TagText.nonEmpty(value) == expected)
    }

    /// A value holding controls (a line end, an escape sequence, NUL, DEL, C1) loses them,
    /// a line end or tab becoming a space, so no tag can forge a reply line or move a cursor.
    @Test(
        arguments: [
            ("Line\nOK MPD 0.23.5", "Line OK MPD 0.23.5"), ("Red\u{1B}[31m Title", "Red Title"), ("a\tb\u{7F}\u{0}c\u{85}d", "a bc d"),
            ("\u{9B}2J\u{1}", nil), ("  \r\n", nil),
        ] as [(String, String?)])
    func takesOutControlCharacters(value: String, expected: String?) {
        #expect(TagText.nonEmpty(value) == expected)
    }

    /// 20,000 random values of spaces, NULs, letters, accents, combining marks and emoji.
    @Test func agreesWithTrimmingByCharacter() {
        let pieces = [" ", "\0", "a", "Z", "é", "\u{301}", "👍🏽", "\t", "ß", "\u{200D}", "\u{1B}", "[", "\u{85}", "\u{9F}", "Ā"]
        var random = SplitMix64(seed: 12)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 8)
            let value = (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(TagText.nonEmpty(value) == Self.trimmedByCharacter(value), "\(Array(value.unicodeScalars))")
        }
    }
}
