import GRDB

extension LibraryStore {
    /// Every radio station, by name (case- and accent-insensitive), then URL.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func stations() throws(StoreError) -> [CatalogStation] {
        try database.read { db in try Self.stations(in: 0..<Int.max, db) }
    }

    /// Keeps the station `draft` describes: a new one for a URL not seen before (named after
    /// its host unless a name is given), else the one with that URL, renamed and given the
    /// artwork when the draft has them. Adding the same URL again gives the same station.
    /// - Returns: the station as stored, and whether it was added, changed or already so.
    /// - Throws: ``StationError/store(_:)`` when the database cannot be written.
    public func addStation(_ draft: StationDraft) throws(StationError) -> (station: CatalogStation, change: StationChange) {
        do {
            return try database.write { db in
                if let existing = try Row.fetchOne(db, sql: "SELECT * FROM station WHERE url = ?", arguments: [draft.url]) {
                    var station = CatalogRows.station(existing)
                    let renamed = draft.name.map { $0 != station.name } ?? false
                    let pictured = draft.artworkURL.map { $0 != station.artworkURL } ?? false
                    guard renamed || pictured else { return (station, .unchanged) }
                    station.name = draft.name ?? station.name
                    station.artworkURL = draft.artworkURL ?? station.artworkURL
                    try db.execute(
                        sql: "UPDATE station SET name = ?, name_sort = ?, artwork_url = ? WHERE id = ?",
                        arguments: [station.name, SortKey.fold(station.name), station.artworkURL, station.id])
                    return (station, .updated)
                }
                let name = draft.nameForNewStation
                try db.execute(
                    sql: "INSERT INTO station (url, identifier, name, name_sort, artwork_url) VALUES (?, ?, ?, ?, ?)",
                    arguments: [draft.url, draft.identifier, name, SortKey.fold(name), draft.artworkURL])
                let station = CatalogStation(
                    id: db.lastInsertedRowID, identifier: draft.identifier, name: name, url: draft.url,
                    artworkURL: draft.artworkURL)
                return (station, .added)
            }
        } catch {
            throw .store(error)
        }
    }

    /// Forgets the station with `identifier`.
    /// - Throws: ``StationError/notFound(identifier:)`` when no station has it;
    ///   ``StationError/store(_:)`` when the database cannot be written.
    public func removeStation(identifier: String) throws(StationError) {
        let removed: Bool
        do {
            removed = try database.write { db in
                try db.execute(sql: "DELETE FROM station WHERE identifier = ?", arguments: [identifier])
                return db.changesCount > 0
            }
        } catch {
            throw .store(error)
        }
        guard removed else { throw .notFound(identifier: identifier) }
    }

    static func stationCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM station")) ?? 0
    }

    /// The stations at the positions in `range` of the list by name.
    static func stations(in range: Range<Int>, _ db: Database) throws -> [CatalogStation] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM station ORDER BY name_sort, url LIMIT ? OFFSET ?"),
            arguments: [range.upperBound - range.lowerBound, range.lowerBound]
        ).map(CatalogRows.station)
    }
}

/// What keeping a station did to the library.
public enum StationChange: Sendable, Equatable {
    /// A station with a URL not seen before.
    case added
    /// The station with that URL, renamed or given new artwork.
    case updated
    /// The station with that URL, as it was.
    case unchanged
}
