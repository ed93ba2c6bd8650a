import GRDB
import GRDBSQLite

/// `rondo_folded_contains(text, part)` and `rondo_folded_starts(text, prefix)`: whether
/// `text` with its case folded contains `part` (or starts with `prefix`), `part` being folded
/// already by the caller: Swift's `lowercased()` on both sides, as the MPD front end's
/// `search` compares. SQLite's `LIKE` folds ASCII letters only.
///
/// Text and part in ASCII, the common case, are compared byte by byte with no copy; text
/// outside ASCII is read into a string and folded whole. A `NULL` text holds nothing.
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
        guard text.allSatisfy({ $0 < 0x80 }) else {
            let folded = String(decoding: text, as: UTF8.self).lowercased()
            let wanted = String(decoding: part, as: UTF8.self)
            return anywhere ? folded.contains(wanted) : folded.hasPrefix(wanted)
        }
        // Folded ASCII text holds no byte outside ASCII.
        guard part.allSatisfy({ $0 < 0x80 }) else { return false }
        guard part.count <= text.count else { return false }
        let lastStart = anywhere ? text.count - part.count : 0
        var start = 0
        while start <= lastStart {
            var offset = 0
            while offset < part.count, lowered(text[start + offset]) == part[offset] { offset += 1 }
            if offset == part.count { return true }
            start += 1
        }
        return false
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
