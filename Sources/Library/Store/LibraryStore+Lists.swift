import GRDB

extension LibraryStore {
    /// Where a list's entries live: the tables, the rank column, the partition the list is
    /// restricted to, and how a row becomes an entry.
    private struct RankedList {
        /// The `FROM` clause that holds the rank column.
        let source: String
        /// The `SELECT … FROM` that reads whole entries.
        let select: String
        let rank: String
        let partition: (column: String, id: Int64)?
        let entry: (Row) -> CatalogEntry

        /// `WHERE` conditions for the partition (its id the first argument), with the rank
        /// column `IS NOT NULL`.
        var condition: String {
            let ranked = "\(rank) IS NOT NULL"
            guard let partition else { return ranked }
            return "\(partition.column) = ? AND \(ranked)"
        }

        /// The arguments of ``condition``.
        var partitionArguments: StatementArguments {
            partition.map { [$0.id] } ?? []
        }

        init(
            _ source: String, select: String? = nil, rank: String, partition: (column: String, id: Int64)? = nil,
            entry: @escaping (Row) -> CatalogEntry
        ) {
            self.source = source
            self.select = select ?? "SELECT * FROM \(source)"
            self.rank = rank
            self.partition = partition
            self.entry = entry
        }
    }

    static func count(_ list: CatalogList, _ db: Database) throws -> Int {
        if list == .stations { return try stationCount(db) }
        if let count = try podcastListCount(list, db) { return count }
        guard let ranked = rankedList(list) else { return try recentlyPlayedCount(db) }
        // Statements are cached per connection: the SQL of a list is the same for every
        // partition, whose id is an argument.
        let last = try Int.fetchOne(
            db.cachedStatement(
                sql: "SELECT \(ranked.rank) FROM \(ranked.source) WHERE \(ranked.condition) ORDER BY \(ranked.rank) DESC LIMIT 1"),
            arguments: ranked.partitionArguments)
        return last.map { $0 + 1 } ?? 0
    }

    static func entries(_ list: CatalogList, in range: Range<Int>, _ db: Database) throws -> [CatalogEntry] {
        if list == .stations { return try stations(in: range, db).map(CatalogEntry.station) }
        if let entries = try podcastListEntries(list, in: range, db) { return entries }
        guard let ranked = rankedList(list) else { return try recentlyPlayed(in: range, db) }
        return try CatalogRows.entries(
            db.cachedStatement(
                sql: """
                    \(ranked.select) WHERE \(ranked.condition) AND \(ranked.rank) >= ? AND \(ranked.rank) < ?
                    ORDER BY \(ranked.rank)
                    """),
            arguments: ranked.partitionArguments + [range.lowerBound, range.upperBound], ranked.entry)
    }

    private static func rankedList(_ list: CatalogList) -> RankedList? {
        let tracks = CatalogRows.trackSelect
        let trackEntry: (Row) -> CatalogEntry = { .track(CatalogRows.track($0)) }
        switch list {
        case .artists:
            return RankedList("artist", rank: "rank") { .artist(CatalogRows.artist($0)) }
        case .albumsOf(let artist):
            return RankedList("album", rank: "artist_rank", partition: ("artist_id", artist), entry: CatalogRows.albumEntry)
        case .albums:
            return RankedList("album", rank: "rank", entry: CatalogRows.albumEntry)
        case .spokenShows:
            return RankedList("album", rank: "show_rank", entry: CatalogRows.albumEntry)
        case .genres:
            return RankedList("genre", rank: "rank") { .genre(CatalogRows.genre($0)) }
        case .playlists:
            return RankedList("playlist", rank: "rank") { .playlist(CatalogRows.playlist($0)) }
        case .songs:
            return RankedList("track t", select: tracks, rank: "t.song_rank", entry: trackEntry)
        case .tracksOfAlbum(let id), .tracksOfShow(let id):
            return RankedList(
                "track t", select: tracks, rank: "t.album_rank", partition: ("t.album_id", id), entry: trackEntry)
        case .tracksOfGenre(let id):
            return RankedList(
                "track t", select: tracks, rank: "t.genre_rank", partition: ("t.genre_id", id), entry: trackEntry)
        case .tracksOfPlaylist(let id):
            return RankedList(
                "playlist_entry e",
                select: CatalogRows.trackSelect(from: "playlist_entry e JOIN track t ON t.path = e.path"),
                rank: "e.rank", partition: ("e.playlist_id", id), entry: trackEntry)
        case .chaptersOf(let track):
            return RankedList(
                "chapter c JOIN track t ON t.path = c.path", select: CatalogRows.chapterSelect, rank: "c.position",
                partition: ("t.id", track)
            ) { .chapter(CatalogRows.chapter($0)) }
        case .recentlyPlayed, .stations, .episodesOf:
            return nil
        }
    }

    private static func recentlyPlayedCount(_ db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM (
                    SELECT 1 FROM play_history h JOIN track t ON t.path = h.path LIMIT \(recentlyPlayedLimit))
                """) ?? 0
    }

    private static func recentlyPlayed(in range: Range<Int>, _ db: Database) throws -> [CatalogEntry] {
        let upper = min(range.upperBound, recentlyPlayedLimit)
        guard upper > range.lowerBound else { return [] }
        return try CatalogRows.entries(
            db.cachedStatement(
                sql: """
                    \(CatalogRows.trackSelect(from: "play_history h JOIN track t ON t.path = h.path"))
                    ORDER BY h.played_at DESC, h.path LIMIT ? OFFSET ?
                    """),
            arguments: [upper - range.lowerBound, range.lowerBound]
        ) { .track(CatalogRows.track($0)) }
    }
}
