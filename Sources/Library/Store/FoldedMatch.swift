import GRDB
import GRDBSQLite

/// `rondo_folded_contains(text, part)` and `rondo_folded_starts(text, prefix)`: whether
/// `text` with its case folded contains `part` (or starts with `prefix`), `part` being folded
/// already by the caller: Swift's `lowercased()` on both sides, as the MPD front end's
/// `search` compares. SQLite's `LIKE` folds ASCII letters only.
///
/// A part in ASCII, the common case, is looked for byte by byte with ASCII letters folded,
/// with no copy: in folded text the bytes of other characters are never ASCII, but for the
/// few characters that fold or decompose to ASCII (`İ`, the Kelvin sign, the Greek question
/// mark and varia), and text holding one of those is folded whole instead, as is text where
/// a match found touches anything but plain ASCII (a combining mark after it makes another
/// character of its last letter, for Swift). So both functions answer as Swift does. A `NULL`
/// text holds nothing.
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
        guard !part.isEmpty, part.allSatisfy({ $0 < 0x80 }), !holdsCharacterFoldingToASCII(text) else {
            return foldedWhole(text, contains: part, anywhere: anywhere)
        }
        guard part.count <= text.count else { return false }
        let lastStart = anywhere ? text.count - part.count : 0
        var start = 0
        while start <= lastStart {
            var offset = 0
            while offset < part.count, lowered(text[start + offset]) == part[offset] { offset += 1 }
            if offset == part.count {
                // Between two ASCII characters other than CR and LF lies a character's
                // boundary; beside anything else, Swift's characters decide.
                let before = start == 0 ? nil : text[start - 1]
                let after = start + part.count == text.count ? nil : text[start + part.count]
                guard isPlainNeighbour(before), isPlainNeighbour(after), isPlainNeighbour(part[0]), isPlainNeighbour(part[part.count - 1])
                else { return foldedWhole(text, contains: part, anywhere: anywhere) }
                return true
            }
            start += 1
        }
        return false
    }

    /// Swift's own answer: `text` read into a string and folded whole.
    private static func foldedWhole(_ text: UnsafeBufferPointer<UInt8>, contains part: UnsafeBufferPointer<UInt8>, anywhere: Bool) -> Bool {
        let folded = String(decoding: text, as: UTF8.self).lowercased()
        let wanted = String(decoding: part, as: UTF8.self)
        return anywhere ? folded.contains(wanted) : folded.hasPrefix(wanted)
    }

    /// Whether a character boundary surely lies beside `byte` when the other side is ASCII:
    /// no text there, or an ASCII byte other than CR and LF.
    private static func isPlainNeighbour(_ byte: UInt8?) -> Bool {
        guard let byte else { return true }
        return byte < 0x80 && byte != 0x0D && byte != 0x0A
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
