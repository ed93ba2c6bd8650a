import Foundation

/// The order MPD (built with ICU) gives the names in a directory: case and accents count
/// only to tell apart names that are otherwise equal (accents first, then case, lower case
/// first), punctuation comes before digits and digits before letters, digits compare one by
/// one (`10` before `9`): `_x`, `10`, `9`, `a`, `Ä`, `b`, `c`, `C`, `é`, `z`. A name is
/// turned into bytes that compare in that order, so a long list is sorted by plain byte
/// comparison.
///
/// Latin names are placed as ICU's root collation places them; other scripts keep their
/// code points' order among themselves.
enum MPDCollation {
    /// `name` as bytes that compare in MPD's order (``append(_:to:folded:)``).
    static func key(_ name: Substring) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count * 3 + 2)
        var folded: [Substring: [UInt8]] = [:]
        append(name.utf8, to: &key, folded: &folded)
        return key
    }

    /// Appends the key of the name whose UTF-8 is `name` to `key`: its three levels, each
    /// ended by a zero byte but the last, which none of them holds of its own. First the
    /// name folded (lower case, no accents, punctuation moved before digits), then folded
    /// but for its accents, then the name itself with the case of its ASCII letters swapped
    /// (so lower case comes first). Nothing is allocated for an ASCII name (the most of
    /// them: a list of 100,000 songs makes 100,000 keys); other names are folded once each
    /// and kept in `folded` (a directory's name recurs in the path of each of its songs).
    static func append(_ name: Substring.UTF8View, to key: inout [UInt8], folded cache: inout [Substring: [UInt8]]) {
        if name.allSatisfy({ $0 < 0x80 }) {
            for byte in name { key.append(folded(byte)) }
            key.append(0)
            for byte in name { key.append(folded(byte)) }
        } else if !appendFoldedByCharacter(name, to: &key) {
            let text = Substring(name)
            if let known = cache[text] {
                key.append(contentsOf: known)
            } else {
                let levels = foldedWhole(text)
                cache[text] = levels
                key.append(contentsOf: levels)
            }
        }
        key.append(0)
        for byte in name { key.append((0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) ? byte ^ 0x20 : byte) }
    }

    /// Appends the first two levels of `name` a character at a time, when each is ASCII or
    /// of two bytes and none is a combining mark (Latin, Greek, Cyrillic, Hebrew, Arabic
    /// names without separate accents): each such character folds alone as the whole name
    /// folds (``twoByteFolds``), without Foundation. A search listing 12,000 songs named in
    /// Polish or Russian folds them in a table instead of 24,000 calls to Foundation.
    /// - Returns: whether it did; else nothing was appended.
    private static func appendFoldedByCharacter(_ name: Substring.UTF8View, to key: inout [UInt8]) -> Bool {
        guard characters(of: name, { _ in }) else { return false }
        _ = characters(of: name) { value in appendLevel(of: value, bare: true, to: &key) }
        key.append(0)
        _ = characters(of: name) { value in appendLevel(of: value, bare: false, to: &key) }
        return true
    }

    /// Calls `body` with each character of `name` (its code point), while each is ASCII or
    /// a character of two bytes that folds alone.
    /// - Returns: whether every character was such (else `body` was called for some only).
    private static func characters(of name: Substring.UTF8View, _ body: (Int) -> Void) -> Bool {
        var index = name.startIndex
        while index < name.endIndex {
            let byte = name[index]
            guard byte >= 0x80 else {
                body(Int(byte))
                index = name.index(after: index)
                continue
            }
            let next = name.index(after: index)
            guard (0xC2...0xDF).contains(byte), next < name.endIndex, name[next] & 0xC0 == 0x80 else { return false }
            let value = Int(byte & 0x1F) << 6 | Int(name[next] & 0x3F)
            guard twoByteFolds[value - 0x80] != nil else { return false }
            body(value)
            index = name.index(after: next)
        }
        return true
    }

    /// Appends the first level (`bare`) or the second of the character `value`.
    private static func appendLevel(of value: Int, bare: Bool, to key: inout [UInt8]) {
        guard value >= 0x80, let fold = twoByteFolds[value - 0x80] else {
            key.append(folded(UInt8(value)))
            return
        }
        for byte in bare ? fold.bare : fold.accented { key.append(byte < 0x80 ? folded(byte) : byte) }
    }

    /// How Foundation folds each character of two bytes in UTF-8 (U+0080–U+07FF) alone: its
    /// case and accents folded (`bare`), and its case alone (`accented`); `nil` for a
    /// combining mark (it folds with the character before it) and for what is no character.
    private static let twoByteFolds: [(bare: [UInt8], accented: [UInt8])?] = (0x80...0x7FF).map { value in
        guard let scalar = Unicode.Scalar(value) else { return nil }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .unassigned: return nil
        default: break
        }
        let text = String(Character(scalar))
        return (
            Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8),
            Array(text.folding(options: [.caseInsensitive], locale: nil).utf8)
        )
    }

    /// The first two levels of `name` as Foundation folds it whole: what
    /// ``appendFoldedByCharacter(_:to:)`` gives a character at a time, and what it is held to.
    static func foldedWhole(_ name: Substring) -> [UInt8] {
        let bare = String(name).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let accented = String(name).folding(options: [.caseInsensitive], locale: nil)
        return bare.utf8.map { $0 < 0x80 ? folded($0) : $0 } + [0] + accented.utf8.map { $0 < 0x80 ? folded($0) : $0 }
    }

    /// The first two levels of `name` folded a character at a time, when it can be.
    static func foldedByCharacter(_ name: Substring) -> [UInt8]? {
        var key: [UInt8] = []
        return appendFoldedByCharacter(name.utf8, to: &key) ? key : nil
    }

    /// An ASCII byte's place: punctuation and symbols (in their own order) at 1–32, digits
    /// and letters (lower case) after them, at their own codes.
    private static func folded(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x41...0x5A: byte | 0x20
        case 0x30...0x39, 0x61...0x7A: byte
        case 0x20...0x2F: byte - 0x1F
        case 0x3A...0x40: byte - 0x29
        case 0x5B...0x60: byte - 0x43
        case 0x7B...0x7E: byte - 0x5D
        default: byte
        }
    }
}
