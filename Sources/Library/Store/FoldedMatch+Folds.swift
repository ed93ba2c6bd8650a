import Foundation

extension FoldedMatch {
    /// The folding of each character from U+0080 to U+FFFF, as Swift compares folded text:
    /// its `lowercased()` in canonical composition (Swift counts canonically equivalent text
    /// equal: the ohm sign is omega, U+0387 is U+00B7), when that is one character of the
    /// same length. 0 where the text must be folded whole: a folding of several characters
    /// (`İ`) or of another length (the Kelvin sign); a character that joins its neighbours
    /// into one (marks, format characters such as the zero-width joiner, conjoining Hangul
    /// jamo, U+0D4E); surrogates, private use and unassigned code points. Made on the first
    /// search outside ASCII.
    static let folds: [UInt16] = (0x80..<0x10000).map { value in
        guard let scalar = Unicode.Scalar(value), !joinsNeighbours(value) else { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .unassigned, .surrogate, .privateUse: return 0
        default: break
        }
        let folded = String(Character(scalar)).lowercased().precomposedStringWithCanonicalMapping.unicodeScalars
        guard folded.count == 1, let only = folded.first, (value < 0x800) == (only.value < 0x800), only.value >= 0x80, only.value < 0x10000
        else { return 0 }
        return UInt16(only.value)
    }

    /// Letters that join the characters beside them into one: Hangul's conjoining jamo and
    /// Malayalam's dot reph (U+0D4E), which comes before its consonant.
    private static func joinsNeighbours(_ value: Int) -> Bool {
        (0x1100...0x11FF).contains(value) || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value) || value == 0x0D4E
    }
}
