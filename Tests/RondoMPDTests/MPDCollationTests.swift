import Testing

@testable import RondoMPD

/// Names in MPD's order (ICU's root collation): letters before case and accents, accents
/// before case, lower case first.
@Suite struct MPDCollationTests {
    static func sorted(_ names: [String]) -> [String] {
        names.map { (MPDCollation.key($0[...]), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }

    /// Punctuation, then digits one by one, then letters whatever their case and accents.
    @Test func punctuationThenDigitsThenLetters() {
        #expect(Self.sorted(["z", "é", "C", "b", "Ä", "a", "9", "10", "_x"]) == ["_x", "10", "9", "a", "Ä", "b", "C", "é", "z"])
    }

    /// Names equal but for case: lower case first.
    @Test func lowerCaseFirst() {
        #expect(Self.sorted(["C", "c"]) == ["c", "C"])
        #expect(Self.sorted(["Apple", "apple", "APPLE"]) == ["apple", "Apple", "APPLE"])
        #expect(Self.sorted(["Dc", "dC", "dc"]) == ["dc", "dC", "Dc"])
    }

    /// Names equal but for accents and case: the accents decide before the case.
    @Test func accentsBeforeCase() {
        #expect(Self.sorted(["Côte", "côte", "Cote", "cote"]) == ["cote", "Cote", "côte", "Côte"])
    }

    /// A name that is the start of another comes first, however either is written.
    @Test func aPrefixComesFirst() {
        #expect(Self.sorted(["ab", "A", "Éa", "é"]) == ["A", "ab", "é", "Éa"])
    }

    /// A name of ASCII and two-byte characters folds a character at a time exactly as
    /// Foundation folds it whole: every such character alone and beside others, in names
    /// drawn at random from all of them (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic…).
    @Test func foldingByCharacterIsFoundationsFolding() {
        let characters = (0x20...0x7FF).compactMap(Unicode.Scalar.init).map(Character.init).filter {
            MPDCollation.foldedByCharacter(String($0)[...]) != nil
        }
        #expect(characters.count > 1_500, "the two-byte characters folded by the table: \(characters.count)")
        for character in characters {
            let name = "a\(character)Z"
            #expect(MPDCollation.foldedByCharacter(name[...]) == MPDCollation.foldedWhole(name[...]), "\(name)")
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let name = String((0..<Int.random(in: 1...12, using: &random)).map { _ in characters.randomElement(using: &random)! })
            #expect(MPDCollation.foldedByCharacter(name[...]) == MPDCollation.foldedWhole(name[...]), "\(name)")
        }
    }

    /// A combining mark, or a character of three or four bytes, leaves the name to Foundation.
    @Test func marksAndLongerCharactersAreFoldedWhole() {
        for name in ["e\u{301}te", "東京", "a😀", "Ω\u{342}"] {
            #expect(MPDCollation.foldedByCharacter(name[...]) == nil, "\(name)")
        }
    }
}
