import Foundation
import GRDB

/// The library as a tree of files: every track under a directory, in path order.
extension LibraryStore {
    /// The tracks whose files lie under `directory` (an absolute path; every track when
    /// `nil`) and for which `condition` holds, in path order, or in the table's own order
    /// when not `inPathOrder` (for a caller that orders them itself).
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func tracks(under directory: String?, where condition: TrackCondition = .always, inPathOrder: Bool = true) throws(StoreError)
        -> [CatalogTrack]
    {
        try database.read { db in
            let (whereText, arguments) = Self.clause(under: directory, where: condition)
            // A condition over the whole library reads the table in its own order and sorts
            // what holds: walking the path index would look up every row, held or not.
            let order = directory == nil && condition != .always ? "+t.path" : "t.path"
            let ordering = inPathOrder ? " ORDER BY \(order)" : ""
            var tracks: [CatalogTrack] = []
            try Self.step(db, sql: "\(CatalogRows.trackSelect) WHERE \(whereText)\(ordering)", arguments: arguments) { row in
                tracks.append(CatalogRows.track(row))
            }
            return tracks
        }
    }

    /// The id and path of each track under `directory` (every track when `nil`) for which
    /// `condition` holds, in no order: what a reader needs to order and page many matches
    /// before it reads the few it lists whole (``tracks(ids:)``).
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func trackPaths(under directory: String?, where condition: TrackCondition = .always) throws(StoreError)
        -> [(id: Int64, path: String)]
    {
        try database.read { db in
            let (whereText, arguments) = Self.clause(under: directory, where: condition)
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT t.id, t.path FROM track t WHERE \(whereText)"), arguments: arguments)
            var found: [(id: Int64, path: String)] = []
            while let row = try rows.next() { found.append((row[0], row[1])) }
            return found
        }
    }

    /// The tracks with `ids`, in their order; one removed since is left out.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func tracks(ids: [Int64]) throws(StoreError) -> [CatalogTrack] {
        guard !ids.isEmpty else { return [] }
        return try database.read { db in
            let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
            var byID: [Int64: CatalogTrack] = [:]
            byID.reserveCapacity(ids.count)
            try Self.step(db, sql: "\(CatalogRows.trackSelect) WHERE t.id IN (SELECT value FROM json_each(?))", arguments: [list]) { row in
                let track = CatalogRows.track(row)
                if byID[track.id] == nil { byID[track.id] = track }
            }
            return ids.compactMap { byID[$0] }
        }
    }

    /// The tracks the library has at `paths` (files, not episodes), by path; a path the
    /// library has no track at is left out.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func tracks(atPaths paths: [String]) throws(StoreError) -> [String: CatalogTrack] {
        guard !paths.isEmpty else { return [:] }
        return try database.read { db in
            var byPath: [String: CatalogTrack] = [:]
            byPath.reserveCapacity(paths.count)
            let list = String(decoding: try JSONEncoder().encode(paths), as: UTF8.self)
            try Self.step(db, sql: "\(CatalogRows.trackSelect) WHERE t.path IN (SELECT value FROM json_each(?))", arguments: [list]) { row in
                let track = CatalogRows.track(row)
                byPath[track.path] = track
            }
            return byPath
        }
    }

    /// The distinct combinations of `fields` among the tracks under `directory` for which
    /// `condition` holds (`nil` for a missing value), in no order: what a listing of tag
    /// values needs without reading each track whole.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func distinctValues(of fields: [TrackCondition.Field], under directory: String?, where condition: TrackCondition = .always)
        throws(StoreError) -> [[String?]]
    {
        guard !fields.isEmpty else { return [] }
        return try database.read { db in
            let (whereText, arguments) = Self.clause(under: directory, where: condition)
            // Numbers are read as text; text columns as they are, so an index on them serves.
            let columns = fields.map { $0.isNumber ? "CAST(t.\($0.rawValue) AS TEXT)" : "t.\($0.rawValue)" }.joined(separator: ", ")
            var rows: [[String?]] = []
            try Self.step(db, sql: "SELECT DISTINCT \(columns) FROM track t WHERE \(whereText)", arguments: arguments) { row in
                rows.append((0..<Int32(fields.count)).map { row.text($0) })
            }
            return rows
        }
    }

    /// The `WHERE` clause of tracks under `directory` for which `condition` holds. Every path
    /// that starts with DIRECTORY/ sorts between DIRECTORY/ and DIRECTORY0 ('0' follows
    /// '/'), so the path index answers the directory.
    private static func clause(under directory: String?, where condition: TrackCondition) -> (String, StatementArguments) {
        let (conditionText, conditionArguments) = condition.sql
        guard let directory else { return (conditionText, conditionArguments) }
        let prefix = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return ("t.path > ? AND t.path < ? AND (\(conditionText))", [prefix + "/", prefix + "0"] + conditionArguments)
    }
}
