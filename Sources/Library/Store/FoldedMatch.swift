import GRDB
import GRDBSQLite

/// `rondo_folded_contains(text, part)` and `rondo_folded_starts(text, prefix)`: whether
/// `text` with its case folded contains `part` (or starts with `prefix`), `part` being folded
/// already by the caller: Swift's `lowercased()` on both sides, as the MPD front end's
/// `search` compares. SQLite's `LIKE` folds ASCII letters only.
///
/// Text of characters of up to three bytes (every script of the Basic Multilingual Plane)
/// is folded character by character through a table made once from Swift's own folding,
/// each character to one of the same length, and the part is looked for byte by byte; ASCII
/// text is folded as it is read, with no copy. Whatever could make Swift's answer differ
/// from a byte match sends the text to be folded whole as a string instead: characters of
/// four bytes (but for an ASCII part, which no byte of theirs can match, unless the text
/// holds a character folding or equal to ASCII: the Kelvin sign, U+1FEF, `İ`, the Greek
/// question mark), characters that join their neighbours into one (marks, joiners, jamo),
/// foldings of several characters, and a match touching CR or LF. So both functions answer
/// as Swift does. A `NULL` text holds nothing.
enum FoldedMatch {
    /// The containing function's name in SQL.
    static let containsName = "rondo_folded_contains"
    /// The prefix function's name in SQL.
    static let startsName = "rondo_folded_starts"

    /// Registers both functions on `db`'s connection.
    static func register(_ db: Database) throws {
        for (name, function) in [(containsName, contains), (startsName, starts)] {
            let code = sqlite3_create_function_v2(
                db.sqliteConnection, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, function, nil, nil, nil)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register \(name)")
            }
        }
    }

    private static let contains: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
        context, _, values in
        sqlite3_result_int(context, matches(values, anywhere: true) ? 1 : 0)
    }

    private static let starts: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
        context, _, values in
        sqlite3_result_int(context, matches(values, anywhere: false) ? 1 : 0)
    }

    private static func matches(_ values: UnsafeMutablePointer<OpaquePointer?>?, anywhere: Bool) -> Bool {
        guard let values, let textPointer = sqlite3_value_text(values[0]), let partPointer = sqlite3_value_text(values[1]) else {
            return false
        }
        let text = UnsafeBufferPointer(start: textPointer, count: Int(sqlite3_value_bytes(values[0])))
        let part = UnsafeBufferPointer(start: partPointer, count: Int(sqlite3_value_bytes(values[1])))
        return folded(text, contains: part, anywhere: anywhere)
    }

    /// Whether `text` folded holds `part` (folded already): anywhere, or at its start.
    static func folded(_ text: UnsafeBufferPointer<UInt8>, contains part: UnsafeBufferPointer<UInt8>, anywhere: Bool) -> Bool {
        guard !part.isEmpty else { return foldedWhole(text, contains: part, anywhere: anywhere) }
        if text.allSatisfy({ $0 < 0x80 }) {
            // Folded ASCII holds only ASCII: a part with anything else is not in it, unless
            // that is a character Swift counts equal to ASCII.
            guard part.allSatisfy({ $0 < 0x80 }) else {
                return isFolded(part) ? false : foldedWhole(text, contains: part, anywhere: anywhere)
            }
            return search(part, in: text, anywhere: anywhere, fold: true, neighbours: isPlainASCII)
                ?? foldedWhole(text, contains: part, anywhere: anywhere)
        }
        if let folded = foldedShort(text) {
            guard isFolded(part) else { return foldedWhole(text, contains: part, anywhere: anywhere) }
            let found = folded.withUnsafeBufferPointer { folded in
                search(part, in: folded, anywhere: anywhere, fold: false, neighbours: isNotLineEnd)
            }
            return found ?? foldedWhole(text, contains: part, anywhere: anywhere)
        }
        guard part.allSatisfy({ $0 < 0x80 }), !holdsCharacterFoldingToASCII(text) else {
            return foldedWhole(text, contains: part, anywhere: anywhere)
        }
        return search(part, in: text, anywhere: anywhere, fold: true, neighbours: isPlainASCII)
            ?? foldedWhole(text, contains: part, anywhere: anywhere)
    }

    /// Looks for `part` in `text` byte by byte (ASCII letters folded when `fold`): `true` at
    /// the first match whose neighbours, and whose own first and last bytes, are all ones
    /// `neighbours` accepts (a character boundary surely lies there); `nil` at a match
    /// beside anything else, for Swift's characters to decide; `false` when there is none.
    private static func search(
        _ part: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, anywhere: Bool, fold: Bool, neighbours: (UInt8?) -> Bool
    ) -> Bool? {
        guard part.count <= text.count else { return false }
        let lastStart = anywhere ? text.count - part.count : 0
        var start = 0
        while start <= lastStart {
            var offset = 0
            while offset < part.count, (fold ? lowered(text[start + offset]) : text[start + offset]) == part[offset] { offset += 1 }
            if offset == part.count {
                let before = start == 0 ? nil : text[start - 1]
                let after = start + part.count == text.count ? nil : text[start + part.count]
                guard neighbours(before), neighbours(after), neighbours(part[0]), neighbours(part[part.count - 1]) else { return nil }
                return true
            }
            start += 1
        }
        return false
    }

    /// `text` folded character by character through ``folds``, each to a character of the
    /// same length; `nil` when it holds a character of four bytes, or one whose folding or
    /// equivalence needs the whole text.
    private static func foldedShort(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var folded = [UInt8](repeating: 0, count: text.count)
        var index = 0
        while index < text.count {
            let lead = text[index]
            if lead < 0x80 {
                folded[index] = lowered(lead)
                index += 1
                continue
            }
            guard let (value, length) = decode(text, at: index) else { return nil }
            let lower = Int(folds[value - 0x80])
            guard lower != 0 else { return nil }
            if length == 2 {
                folded[index] = UInt8(0xC0 | (lower >> 6))
                folded[index + 1] = UInt8(0x80 | (lower & 0x3F))
            } else {
                folded[index] = UInt8(0xE0 | (lower >> 12))
                folded[index + 1] = UInt8(0x80 | ((lower >> 6) & 0x3F))
                folded[index + 2] = UInt8(0x80 | (lower & 0x3F))
            }
            index += length
        }
        return folded
    }

    /// Whether `part`'s characters are all of at most three bytes and each its own folding.
    private static func isFolded(_ part: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < part.count {
            let lead = part[index]
            if lead < 0x80 {
                guard lowered(lead) == lead else { return false }
                index += 1
                continue
            }
            guard let (value, length) = decode(part, at: index), Int(folds[value - 0x80]) == value else { return false }
            index += length
        }
        return true
    }

    /// The character of two or three bytes at `index` of valid UTF-8, and its length; `nil`
    /// for one of four bytes.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: Int, length: Int)? {
        let lead = bytes[index]
        if lead >= 0xC2, lead < 0xE0, index + 1 < bytes.count {
            return ((Int(lead & 0x1F) << 6) | Int(bytes[index + 1] & 0x3F), 2)
        }
        if lead >= 0xE0, lead < 0xF0, index + 2 < bytes.count {
            return ((Int(lead & 0x0F) << 12) | (Int(bytes[index + 1] & 0x3F) << 6) | Int(bytes[index + 2] & 0x3F), 3)
        }
        return nil
    }

    /// An ASCII byte other than CR and LF, or no byte: a character boundary lies beside it
    /// when the other side is ASCII.
    private static func isPlainASCII(_ byte: UInt8?) -> Bool {
        guard let byte else { return true }
        return byte < 0x80 && byte != 0x0D && byte != 0x0A
    }

    /// Any byte but CR and LF: in text without marks and joiners, a character boundary lies
    /// between any two characters but CR and LF.
    private static func isNotLineEnd(_ byte: UInt8?) -> Bool {
        byte != 0x0D && byte != 0x0A
    }

    /// Swift's own answer: `text` read into a string and folded whole, compared by the
    /// standard library's characters (this file imports no Foundation, whose `contains`
    /// compares code units, as MPD's filter imports none).
    private static func foldedWhole(_ text: UnsafeBufferPointer<UInt8>, contains part: UnsafeBufferPointer<UInt8>, anywhere: Bool) -> Bool {
        let folded = String(decoding: text, as: UTF8.self).lowercased()
        let wanted = String(decoding: part, as: UTF8.self)
        return anywhere ? folded.contains(wanted) : folded.hasPrefix(wanted)
    }

    /// Whether `text` holds `İ` (U+0130, folding to `i` and a dot above), the Kelvin sign
    /// (U+212A, `k`), the Greek question mark (U+037E, `;`) or varia (U+1FEF, `` ` ``).
    private static func holdsCharacterFoldingToASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 1 < text.count {
            switch (text[index], text[index + 1]) {
            case (0xC4, 0xB0), (0xCD, 0xBE): return true
            case (0xE2, 0x84) where index + 2 < text.count && text[index + 2] == 0xAA: return true
            case (0xE1, 0xBF) where index + 2 < text.count && text[index + 2] == 0xAF: return true
            default: index += 1
            }
        }
        return false
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
