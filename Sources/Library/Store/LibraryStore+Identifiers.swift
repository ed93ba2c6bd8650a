import ContentIdentifiers
import GRDB

extension LibraryStore {
    /// The artist, album, show, genre, playlist, track, chapter or station with this
    /// identifier, if any.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func entry(forIdentifier identifier: String) throws(StoreError) -> CatalogEntry? {
        if let chapter = ChapterIdentifier.parse(identifier) {
            return try database.read { db in
                try Row.fetchOne(
                    db.cachedStatement(sql: CatalogRows.chapterSelect + " WHERE t.identifier = ? AND c.position = ?"),
                    arguments: [chapter.track, chapter.index]
                ).map { .chapter(CatalogRows.chapter($0)) }
            }
        }
        if let podcast = try database.read({ db in try Self.podcastEntry(forIdentifier: identifier, db) }) { return podcast }
        let lookups: [(prefix: String, table: String, entry: (Row) -> CatalogEntry)] = [
            (TrackIdentifier.prefix, "track", { .track(CatalogRows.track($0)) }),
            (CatalogIdentifier.albumPrefix, "album", CatalogRows.albumEntry),
            (CatalogIdentifier.artistPrefix, "artist", { .artist(CatalogRows.artist($0)) }),
            (CatalogIdentifier.genrePrefix, "genre", { .genre(CatalogRows.genre($0)) }),
            (CatalogIdentifier.playlistPrefix, "playlist", { .playlist(CatalogRows.playlist($0)) }),
            (CatalogIdentifier.stationPrefix, "station", { .station(CatalogRows.station($0)) }),
        ]
        guard let lookup = lookups.first(where: { identifier.hasPrefix($0.prefix) }) else { return nil }
        let select =
            lookup.table == "track"
            ? CatalogRows.trackSelect + " WHERE t.identifier = ?"
            : "SELECT * FROM \(lookup.table) WHERE identifier = ?"
        return try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: select), arguments: [identifier]).map(lookup.entry)
        }
    }
}
