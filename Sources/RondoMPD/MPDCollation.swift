import Foundation

/// The order MPD (built with ICU) gives the names in a directory: case and accents count
/// only to tell apart names that are otherwise equal, punctuation comes before digits and
/// digits before letters, digits compare one by one (`10` before `9`): `_x`, `10`, `9`, `a`,
/// `Ä`, `b`, `C`, `é`, `z`. A name is turned into bytes that compare in that order, so a
/// long list is sorted by plain byte comparison.
///
/// Latin names are placed as ICU's root collation places them; other scripts keep their
/// code points' order among themselves.
enum MPDCollation {
    /// `name` as bytes that compare in MPD's order: its folded form (lower case, no accents,
    /// punctuation moved before digits), a zero byte, then the name itself as the
    /// tie-break. Neither part holds a zero byte of its own.
    static func key(_ name: Substring) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count * 2 + 1)
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in name.utf8 { key.append(folded(byte)) }
        } else {
            let plain = String(name).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            for byte in plain.utf8 { key.append(byte < 0x80 ? folded(byte) : byte) }
        }
        key.append(0)
        key.append(contentsOf: name.utf8)
        return key
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
