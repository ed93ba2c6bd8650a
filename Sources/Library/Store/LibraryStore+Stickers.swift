import GRDB

/// Stickers (MPD's `sticker` of type `song`): names and values clients keep on a track, as
/// Cantata, MALP and myMPD keep ratings. Kept by the track's path, so a rescan, or a file that
/// goes and comes back, keeps them, as MPD's sticker database does.
extension LibraryStore {
    /// How a `sticker find` compares a sticker's value with the one given (as text).
    public enum StickerComparison: Sendable {
        case equal, less, greater

        var sql: String {
            switch self {
            case .equal: "="
            case .less: "<"
            case .greater: ">"
            }
        }
    }

    /// The value of sticker `name` on the track at `path`; `nil` when it has none.
    public func sticker(_ name: String, onPath path: String) throws(StoreError) -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM sticker WHERE path = ? AND name = ?", arguments: [path, name])
        }
    }

    /// The stickers on the track at `path`, by name.
    public func stickers(onPath path: String) throws(StoreError) -> [(name: String, value: String)] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, value FROM sticker WHERE path = ? ORDER BY name", arguments: [path]).map {
                (name: $0[0], value: $0[1])
            }
        }
    }

    /// Sets sticker `name` on the track at `path` to `value`.
    public func setSticker(_ name: String, onPath path: String, to value: String) throws(StoreError) {
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sticker (path, name, value) VALUES (?, ?, ?)
                    ON CONFLICT (path, name) DO UPDATE SET value = excluded.value
                    """,
                arguments: [path, name, value])
        }
    }

    /// Removes sticker `name` (every sticker when `nil`) from the track at `path`.
    /// - Returns: whether there was one to remove.
    public func deleteSticker(_ name: String?, onPath path: String) throws(StoreError) -> Bool {
        try database.write { db in
            if let name {
                try db.execute(sql: "DELETE FROM sticker WHERE path = ? AND name = ?", arguments: [path, name])
            } else {
                try db.execute(sql: "DELETE FROM sticker WHERE path = ?", arguments: [path])
            }
            return db.changesCount > 0
        }
    }

    /// The tracks under `directory` (every track when `nil`) with sticker `name`, in path
    /// order, with its value; only those whose value compares with `value` as `comparison`
    /// says, when given.
    public func stickerFind(
        _ name: String, under directory: String?, where comparison: (StickerComparison, String)? = nil
    ) throws(StoreError) -> [(path: String, value: String)] {
        var sql = "SELECT s.path, s.value FROM sticker s JOIN track t ON t.path = s.path WHERE s.name = ?"
        var arguments: StatementArguments = [name]
        if let directory {
            // Paths under the directory sort between "directory/" and "directory0".
            sql += " AND s.path >= ? AND s.path < ?"
            arguments += [directory + "/", directory + "0"]
        }
        if let (comparison, value) = comparison {
            sql += " AND s.value \(comparison.sql) ?"
            arguments += [value]
        }
        sql += " ORDER BY s.path"
        return try database.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { (path: $0[0], value: $0[1]) }
        }
    }
}
