import GRDB
import GRDBSQLite

extension LibraryStore {
    /// Runs `sql` with `arguments` and hands each row to `row` as SQLite's own statement,
    /// read with `sqlite3_column_*`: for reads of many rows, where a GRDB row per result
    /// costs more than the query (a third of the known files' read, half of the distinct
    /// values').
    static func step(_ db: Database, sql: String, arguments: StatementArguments, _ row: (OpaquePointer) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        // The statement finalizes its handle when it goes: it must outlive the loop.
        try withExtendedLifetime(statement) {
            let handle = statement.sqliteStatement
            while true {
                let status = sqlite3_step(handle)
                guard status == SQLITE_ROW else {
                    if status == SQLITE_DONE { return }
                    throw DatabaseError(resultCode: ResultCode(rawValue: status), message: db.lastErrorMessage, sql: sql)
                }
                try row(handle)
            }
        }
    }

    /// The text of column `column` of the row `handle` stands on; `nil` for `NULL`.
    static func text(_ handle: OpaquePointer, _ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }
}
