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
        } else {
            let text = Substring(name)
            if let known = cache[text] {
                key.append(contentsOf: known)
            } else {
                let bare = String(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                let accented = String(text).folding(options: [.caseInsensitive], locale: nil)
                let levels = bare.utf8.map { $0 < 0x80 ? folded($0) : $0 } + [0] + accented.utf8.map { $0 < 0x80 ? folded($0) : $0 }
                cache[text] = levels
                key.append(contentsOf: levels)
            }
        }
        key.append(0)
        for byte in name { key.append((0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) ? byte ^ 0x20 : byte) }
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
