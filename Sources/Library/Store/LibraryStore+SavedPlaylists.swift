import Foundation
import GRDB
import Glibc

/// The playlists clients save (an MPD client's `save`, `playlistadd`…): files in Rondo's own
/// directory, outside the music directory, recorded with the playlists the scan finds so the
/// browse tree's Playlists shows them too. A scan never removes one; the saver records each
/// change and each removal.
extension LibraryStore {
    /// Records the saved playlist file at `path`, holding `entries` (absolute paths and
    /// stream URLs) in order, replacing what was recorded of it; it shows under Playlists at
    /// once, named by its file name.
    public func recordSavedPlaylist(path: String, entries: [String]) throws(StoreError) {
        let stamp = Self.stamp(of: path)
        try database.write { db in
            try ScanBatchWriter.writePlaylist(path: path, stamp: stamp, entries: entries, saved: true, db)
            try Self.refreshPlaylistRanks(db)
        }
    }

    /// Forgets the saved playlist at `path`, whose file is gone.
    public func forgetSavedPlaylist(path: String) throws(StoreError) {
        try database.write { db in
            try db.execute(sql: "DELETE FROM playlist WHERE path = ?", arguments: [path])
            try Self.refreshPlaylistRanks(db)
        }
    }

    /// The paths of the saved playlists recorded, with the modification time (nanoseconds
    /// since the epoch) each had when recorded.
    public func savedPlaylists() throws(StoreError) -> [String: Int64] {
        try database.read { db in
            var found: [String: Int64] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT path, mtime FROM playlist WHERE saved") {
                found[row["path"]] = row["mtime"]
            }
            return found
        }
    }

    /// The modification time in nanoseconds since the epoch of the file at `path` (0 when it
    /// cannot be read): what tells a saved playlist changed while Rondo did not run.
    public static func modificationTime(of path: String) -> Int64 {
        stamp(of: path).modified
    }

    private static func stamp(of path: String) -> FileStamp {
        var status = stat()
        guard stat(path, &status) == 0 else { return FileStamp(size: 0, modified: 0) }
        return FileStamp(status)
    }
}
