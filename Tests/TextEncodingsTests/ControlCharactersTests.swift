import Testing

import TextEncodings

/// Control characters and terminal escapes never reach a title.
struct ControlCharactersTests {
    /// The title a hostile station sent: its lines joined by spaces, the escape and NUL gone.
    @Test func hostileTitle() {
        let title = "Bad\nOK MPD 0.23.5\nTitle: injected\u{1B}[31m\u{0}"
        #expect(ControlCharacters.stripped(title) == "Bad OK MPD 0.23.5 Title: injected")
    }

    /// Every C0 and C1 control and DEL is removed or, when it is whitespace, becomes a space.
    @Test(arguments: Array(0x00...0x1F) + Array(0x7F...0x9F))
    func everyControl(_ value: Int) throws {
        let control = try #require(Unicode.Scalar(UInt32(value)))
        let stripped = ControlCharacters.stripped("a\(Character(control))b")
        #expect(!stripped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let isWhitespace = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85].contains(value)
        if isWhitespace {
            #expect(stripped == "a b")
        } else if value != 0x1B && value != 0x9B && value != 0x9D {
            #expect(stripped == "ab")
        }
    }

    /// Escape sequences go whole: colours, cursor moves, a window title (OSC), 8-bit CSI.
    @Test func escapeSequences() {
        #expect(ControlCharacters.stripped("x\u{1B}[1;31mred\u{1B}[0m") == "xred")
        #expect(ControlCharacters.stripped("x\u{1B}]0;owned\u{7}y") == "xy")
        #expect(ControlCharacters.stripped("x\u{1B}]0;owned\u{1B}\\y") == "xy")
        #expect(ControlCharacters.stripped("x\u{9B}2Jy") == "xy")
        #expect(ControlCharacters.stripped("x\u{1B}cy") == "xy")
        #expect(ControlCharacters.stripped("tail\u{1B}") == "tail")
        #expect(ControlCharacters.stripped("\u{1B}[31é") == "é")
    }

    /// Whitespace controls in a row give one space, text without controls is the same string.
    @Test func whitespaceRuns() {
        #expect(ControlCharacters.stripped("a\r\n\tb") == "a b")
        #expect(ControlCharacters.stripped("a \nb") == "a b")
        #expect(ControlCharacters.stripped("Sèries i Cinema ✓") == "Sèries i Cinema ✓")
    }

    /// Random strings never keep a control character, and printable text is never lost.
    @Test func randomStrings() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let scalars = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Unicode.Scalar(UInt32.random(in: 0...0xFF, using: &generator))!
            }
            let stripped = ControlCharacters.stripped(String(String.UnicodeScalarView(scalars)))
            #expect(!stripped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            if !scalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                #expect(stripped == String(String.UnicodeScalarView(scalars)))
            }
        }
    }
}
