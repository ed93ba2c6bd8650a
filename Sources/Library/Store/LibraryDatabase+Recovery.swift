public import Foundation
import Glibc

extension LibraryDatabase {
    /// Opens the database at `path`; a file that is damaged, not SQLite or another program's
    /// is first moved aside (with its `-wal` and `-shm` files, never deleted) and a new
    /// database is made in its place.
    ///
    /// A file a newer Rondo wrote, or one that cannot be opened (permissions, a read-only
    /// directory), is not damage: its error is thrown and the file is left as it is.
    /// - Parameters:
    ///   - path: the database file.
    ///   - now: the time named in the moved file's name.
    /// - Returns: the open database, and what was moved aside when the file was damaged.
    /// - Throws: ``StoreError`` when the file cannot be opened and is not damaged, when it
    ///   cannot be moved aside, or when the new database cannot be made.
    public static func openMovingAsideDamage(
        path: String, now: Date = Date()
    ) throws(StoreError) -> (database: LibraryDatabase, movedAside: MovedAsideDatabase?) {
        let damage: StoreError
        do {
            return (try LibraryDatabase(path: path), nil)
        } catch {
            guard error.isDamage else { throw error }
            damage = error
        }
        let movedTo = try moveAside(path, now: now)
        return (try LibraryDatabase(path: path), MovedAsideDatabase(path: movedTo, reason: damage))
    }

    /// Renames `path` and its `-wal`/`-shm` files to `PATH.damaged-<UTC time>` (plus a
    /// counter if that name is taken).
    private static func moveAside(_ path: String, now: Date) throws(StoreError) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stem = "\(path).damaged-\(formatter.string(from: now))"
        var target = stem
        var counter = 1
        while companions(of: target).contains(where: { FileManager.default.fileExists(atPath: $0) }) {
            counter += 1
            target = "\(stem)-\(counter)"
        }
        for (source, destination) in zip(companions(of: path), companions(of: target))
        where FileManager.default.fileExists(atPath: source) {
            guard rename(source, destination) == 0 else {
                throw .cannotOpen(
                    path: path,
                    reason: "it is damaged and could not be moved to \(destination) (\(String(cString: strerror(errno))))")
            }
        }
        return target
    }

    private static func companions(of path: String) -> [String] { [path, path + "-wal", path + "-shm"] }
}

/// A database file that was found damaged (or foreign) when the daemon started, and moved
/// aside so that a new one could be made.
public struct MovedAsideDatabase: Sendable, Equatable {
    /// Where the old file is now (its `-wal`/`-shm`, when there were any, beside it).
    public let path: String
    /// What was wrong with it.
    public let reason: StoreError
}

extension StoreError {
    /// Whether the file itself is bad (damaged, not SQLite, another program's), as opposed
    /// to unreachable or newer than this build.
    var isDamage: Bool {
        switch self {
        case .notADatabase, .corrupt, .foreignDatabase: true
        case .schemaTooNew, .cannotOpen, .invalidState, .sqlite: false
        }
    }
}
