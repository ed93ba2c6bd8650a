import Foundation
import GRDB

/// Writes SQLite files as other programs (or a newer Rondo) would: files `Library` must refuse.
enum RawDatabase {
    /// Creates a database with the given `application_id` and empty tables.
    static func create(at path: String, applicationID: Int32, tables: [String]) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            for table in tables { try db.execute(sql: "CREATE TABLE \(table) (id INTEGER PRIMARY KEY)") }
        }
        try queue.close()
    }

    /// Records a migration by name, as a newer build that ran it would have.
    static func recordMigration(_ name: String, at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [name]) }
        try queue.close()
    }
}
