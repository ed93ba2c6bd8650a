import Audio
import Testing

/// ``ID3Genre``: ID3v1 numbers to names and the TCON reference syntax of ID3v2.3 and 2.4.
struct ID3GenreTests {
    /// The standard list (0–79) and the Winamp extensions (to 147) have names; other
    /// numbers, including 255 ("none"), do not.
    @Test func namesTheNumberedGenres() {
        #expect(ID3Genre.name(0) == "Blues")
        #expect(ID3Genre.name(13) == "Pop")
        #expect(ID3Genre.name(79) == "Hard Rock")
        #expect(ID3Genre.name(80) == "Folk")
        #expect(ID3Genre.name(147) == "SynthPop")
        #expect(ID3Genre.name(148) == nil)
        #expect(ID3Genre.name(255) == nil)
        #expect(ID3Genre.name(-1) == nil)
    }

    /// TCON text resolves references, keeps refinements and plain names, and joins several
    /// values without repeating one.
    @Test(arguments: [
        ("(13)", "Pop"), ("13", "Pop"), ("(0)", "Blues"), ("(4)Eurodisco", "Eurodisco"), ("(RX)", "Remix"),
        ("(CR)", "Cover"), ("(17)(13)", "Rock, Pop"), ("((Parenthesised))", "(Parenthesised))"),
        ("Jazz", "Jazz"), ("  Jazz  ", "Jazz"), ("Rock\nPop", "Rock, Pop"), ("17\u{0}Rock", "Rock"),
        ("(200)", "(200)"), ("2024", "2024"),
    ])
    func resolvesTCON(text: String, genre: String) {
        #expect(ID3Genre.resolve(text) == genre)
    }

    /// Text that names no genre resolves to `nil`, never to an empty string.
    @Test(arguments: ["", "   ", "\n", "\u{0}"])
    func emptyTextIsNoGenre(text: String) {
        #expect(ID3Genre.resolve(text) == nil)
    }
}
