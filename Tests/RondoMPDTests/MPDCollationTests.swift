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
}
