import Testing

@testable import Library

/// Folding names for grouping and sorting: the ASCII fast path agrees with Foundation's.
struct SortKeyTests {
    @Test(arguments: [
        ("The Beatles", "the beatles"), ("  ABBA\t", "abba"), ("Édith Piaf", "edith piaf"), ("Björk", "bjork"),
        ("\n\r ", ""), ("", ""), ("ＡＢＣ", "abc"), ("Sigur Rós ", "sigur ros"),
    ])
    func folds(_ name: String, _ key: String) {
        #expect(SortKey.fold(name) == key)
    }

    /// Random ASCII text, weighted towards letters, case and white space at the ends.
    @Test func asciiFastPathAgreesWithFoundation() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("aAzZ mM\t\n\r\u{0B}\u{0C}09_-.'&!~\u{7F}\u{01}".unicodeScalars)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...12, using: &random)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &random)! }))
            #expect(SortKey.asciiFold(text) == SortKey.foundationFold(text), "\(text.debugDescription)")
        }
    }

    /// Any text with a byte beyond ASCII goes to Foundation.
    @Test func otherTextIsNotFoldedAsASCII() {
        #expect(SortKey.asciiFold("Zoë") == nil)
        #expect(SortKey.asciiFold("a\u{A0}") == nil)
    }

    @Test func artistKeysDropALeadingThe() {
        #expect(SortKey.artist("The Beatles") == "beatles")
        #expect(SortKey.artist("The The") == "the")
        #expect(SortKey.artist("the ") == "the")
        #expect(SortKey.artist("Theremin") == "theremin")
    }
}
