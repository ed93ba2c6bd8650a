import GRDB
import GRDBSQLite

extension LibraryStore {
    /// Runs `sql` with `arguments` and hands each row to `row` as SQLite's own statement
    /// standing on it: for reads of many rows, where a GRDB row per result costs more than
    /// the query (a third of the known files' read, half of the distinct values', half of
    /// reading thousands of tracks whole).
    static func step(_ db: Database, sql: String, arguments: StatementArguments, _ row: (StatementRow) throws -> Void) throws {
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
                try row(StatementRow(handle: handle))
            }
        }
    }
}
