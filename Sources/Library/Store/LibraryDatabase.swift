import Foundation
import GRDB
import Glibc

/// The SQLite file that holds Rondo's library and daemon state, opened for reading and writing.
///
/// It is a `DatabasePool` in WAL mode: one writer connection and several readers, so reads
/// (browsing, `queue.get`) never wait for a write and always see a committed snapshot.
/// `synchronous=NORMAL` keeps commits cheap; in WAL mode a `kill -9` never loses or tears a
/// committed transaction. Foreign keys are enforced. Opening runs the schema migrations
/// (``LibraryDatabase/migrationNames``), so the file is always at this build's schema.
///
/// Only Rondo's own files are touched: an empty or new file is initialised, a database made
/// by another program or a newer Rondo is refused with a ``StoreError`` and never migrated.
///
/// Thread safety: the pool serialises writers and isolates readers; the object may be shared
/// by any number of tasks.
public final class LibraryDatabase: Sendable {
    /// `PRAGMA application_id` of Rondo's databases: the ASCII bytes of "Rond".
    static let applicationID: Int32 = 0x526F_6E64

    /// The database file's path.
    public let path: String
    let pool: DatabasePool

    /// Opens the database at `path`, creating it (and its directory, mode 0700) when missing,
    /// checks its pages (`PRAGMA quick_check`) and migrates it to this build's schema.
    /// - Parameter path: the database file, e.g. `$XDG_DATA_HOME/rondo/library.sqlite`.
    /// - Throws: ``StoreError/notADatabase(path:)``, ``StoreError/corrupt(path:)``,
    ///   ``StoreError/foreignDatabase(path:)``, ``StoreError/schemaTooNew(path:unknownMigrations:)``
    ///   or ``StoreError/cannotOpen(path:reason:)``.
    public init(path: String) throws(StoreError) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create its directory (\(error.localizedDescription))")
        }
        // The file is judged read-only first: a file that is refused is left byte for byte
        // as it was (a read-write open would switch it to WAL and checkpoint into it).
        try Self.inspect(path)
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.foreignKeysEnabled = true
        // Another process (a backup, a future CLI tool) may briefly hold the write lock.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Search reads the index's vocabulary and ranks with its own bm25 (SearchPlan).
            try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_terms USING fts5vocab(main, search, row)")
            try SearchRanking.register(db)
            try FoldedMatch.register(db)
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw Self.storeError(error, path: path)
        }
        do {
            try Self.makeMigrator().migrate(pool)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Names of the migrations this build knows, in the order they run.
    public static var migrationNames: [String] { makeMigrator().migrations }

    /// Names of the migrations recorded in the file, in the order they ran.
    /// - Throws: ``StoreError/sqlite(path:message:)`` when the file cannot be read.
    public func appliedMigrations() throws(StoreError) -> [String] {
        try read { db in try Self.makeMigrator().appliedMigrations(db) }
    }

    /// The settings SQLite reports on the writer connection.
    /// - Throws: ``StoreError/sqlite(path:message:)`` when the file cannot be read.
    public func connectionSettings() throws(StoreError) -> ConnectionSettings {
        try pool.writeWithoutTransactionMapped(path: path) { db in
            ConnectionSettings(
                journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
                foreignKeys: try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false)
        }
    }

    /// Closes every connection; later calls on this object fail.
    ///
    /// Closing is not needed for safety (every commit is already durable in the WAL); it
    /// checkpoints the WAL into the main file so a clean shutdown leaves one file behind.
    /// - Throws: ``StoreError/sqlite(path:message:)`` when a statement is still running.
    public func close() throws(StoreError) {
        do {
            // SQLite checkpoints on the last close only when it can lock the file alone;
            // asking for it first makes the clean stop's one file certain.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try pool.close()
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Lets go of the memory the connections hold for speed: the page caches and statement
    /// caches of every connection, and the idle reader connections themselves (reopened on
    /// the next read). Waits for reads in progress.
    ///
    /// Each connection keeps SQLite's default page cache of up to 2 MiB; a scan fills the
    /// writer's and the readers' that served the browsing meanwhile, and nothing needs
    /// them once it is done. Pages are not memory-mapped (`mmap_size` 0, SQLite's
    /// default): a mapped file would count its touched pages in the daemon's memory too,
    /// and reads are served by the page cache and the kernel's file cache alike.
    public func releaseMemory() {
        pool.releaseMemory()
    }

    /// Runs `body` in a write transaction, committed when it returns.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write(body)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Runs `body` on the writer connection outside any transaction: each statement it runs
    /// commits on its own, which spares the `BEGIN` and `COMMIT` of a write that is one statement.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try pool.writeWithoutTransactionMapped(path: path, body)
    }

    /// Runs `body` on a reader connection, inside a transaction that sees one snapshot.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Checks an existing file through a read-only connection before anything writes to it:
    /// it must be SQLite, Rondo's own (or empty), no newer than this build, and its pages and
    /// indexes must pass SQLite's quick check.
    /// - Throws: ``StoreError/notADatabase(path:)``, ``StoreError/corrupt(path:)``,
    ///   ``StoreError/foreignDatabase(path:)`` or ``StoreError/schemaTooNew(path:unknownMigrations:)``.
    private static func inspect(_ path: String) throws(StoreError) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size > 0 else { return }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
                if applicationID != Self.applicationID, applicationID != 0 || tableCount > 0 {
                    throw StoreError.foreignDatabase(path: path)
                }
                guard try String.fetchAll(db, sql: "PRAGMA quick_check(1)") == ["ok"] else {
                    throw StoreError.corrupt(path: path)
                }
                let migrator = makeMigrator()
                let known = Set(migrator.migrations)
                let unknown = try migrator.appliedIdentifiers(db).filter { !known.contains($0) }
                if !unknown.isEmpty {
                    throw StoreError.schemaTooNew(path: path, unknownMigrations: unknown.sorted())
                }
            }
        } catch {
            throw storeError(error, path: path)
        }
    }

    /// Translates an error from GRDB into the ``StoreError`` that explains it.
    static func storeError(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return .sqlite(path: path, message: String(describing: error))
        }
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .corrupt(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        default: return .sqlite(path: path, message: error.message ?? "\(error.resultCode)")
        }
    }
}

extension DatabasePool {
    /// `writeWithoutTransaction`, with any error translated to a ``StoreError``.
    fileprivate func writeWithoutTransactionMapped<T>(
        path: String, _ body: (Database) throws -> T
    ) throws(StoreError) -> T {
        do {
            return try writeWithoutTransaction(body)
        } catch {
            throw LibraryDatabase.storeError(error, path: path)
        }
    }
}
