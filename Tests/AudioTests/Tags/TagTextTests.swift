import RondoTesting
import Testing

@testable import Audio

/// Tag values as the scanner keeps them: leading spaces, trailing spaces and NULs dropped,
/// an empty value none; the fast path for values with nothing to trim gives what trimming
/// character by character gives.
struct TagTextTests {
    /// Trimming character by character, as every value was trimmed before the fast path.
    private static func trimmedByCharacter(_ value: String) -> String? {
        let trimmed = value.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\0" }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    @Test(
        arguments: [
            ("Abbey Road", "Abbey Road"), ("  Help!  ", "Help!"), ("Yesterday\0\0", "Yesterday"), ("\0lead", "\0lead"),
            ("", nil), ("   ", nil), ("\0", nil), (" \0 ", nil), ("Björk ", "Björk"), (" e\u{301}", "e\u{301}"),
        ] as [(String, String?)])
    func trimsSpacesAndNULs(value: String, expected: String?) {
        #expect(TagText.nonEmpty(value) == expected)
    }

    /// 20,000 random values of spaces, NULs, letters, accents, combining marks and emoji.
    @Test func agreesWithTrimmingByCharacter() {
        let pieces = [" ", "\0", "a", "Z", "é", "\u{301}", "👍🏽", "\t", "ß", "\u{200D}"]
        var random = SplitMix64(seed: 12)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 8)
            let value = (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(TagText.nonEmpty(value) == Self.trimmedByCharacter(value), "\(Array(value.unicodeScalars))")
        }
    }
}
