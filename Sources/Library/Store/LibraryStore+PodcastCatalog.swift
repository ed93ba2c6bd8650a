import ContentIdentifiers
import GRDB

/// Subscribed podcasts in the catalog: under `Podcasts & Books` beside the shows and books
/// a scan finds, by title across both, and their episodes as tracks whose path is their
/// identifier (``EpisodeFacts``).
extension LibraryStore {
    /// The size of a list podcasts take part in; `nil` for the others, and for
    /// ``CatalogList/spokenShows`` while nothing is subscribed (its ranks then say it all).
    static func podcastListCount(_ list: CatalogList, _ db: Database) throws -> Int? {
        switch list {
        case .episodesOf(let podcast):
            return try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM podcast_episode WHERE show_id = ?"), arguments: [podcast]) ?? 0
        case .spokenShows:
            let podcasts = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM podcast_show")) ?? 0
            guard podcasts > 0 else { return nil }
            let shows = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM album WHERE show_rank IS NOT NULL")) ?? 0
            return shows + podcasts
        default:
            return nil
        }
    }

    /// The entries of a list podcasts take part in at the positions in `range`; `nil` as
    /// for ``podcastListCount(_:_:)``.
    static func podcastListEntries(_ list: CatalogList, in range: Range<Int>, _ db: Database) throws -> [CatalogEntry]? {
        switch list {
        case .episodesOf(let podcast):
            return try Row.fetchAll(
                db.cachedStatement(
                    sql: episodeSelect + " WHERE e.show_id = ? ORDER BY coalesce(e.published, e.first_seen) DESC, e.id DESC LIMIT ? OFFSET ?"),
                arguments: [podcast, range.count, range.lowerBound]
            ).map { .track(episodeTrack($0)) }
        case .spokenShows:
            guard try podcastListCount(list, db) != nil else { return nil }
            return try spokenShowsWithPodcasts(in: range, db)
        default:
            return nil
        }
    }

    /// The podcast or episode with `identifier`; `nil` for any other identifier.
    static func podcastEntry(forIdentifier identifier: String, _ db: Database) throws -> CatalogEntry?? {
        if identifier.hasPrefix(CatalogIdentifier.showPrefix) {
            return .some(
                try Row.fetchOne(db.cachedStatement(sql: podcastSelect + " WHERE s.identifier = ?"), arguments: [identifier])
                    .map { .podcast(podcast($0)) })
        }
        if identifier.hasPrefix(CatalogIdentifier.episodePrefix) {
            return .some(try episode(identifier, db).map(CatalogEntry.track))
        }
        return nil
    }

    /// The episode with `identifier` as a track, if kept.
    static func episode(_ identifier: String, _ db: Database) throws -> CatalogTrack? {
        try Row.fetchOne(db.cachedStatement(sql: episodeSelect + " WHERE e.identifier = ?"), arguments: [identifier])
            .map(episodeTrack)
    }

    /// Scanned shows and subscribed podcasts by title (then artist), a page of them: the
    /// positions come from one ordered pass over both, and each entry from its own table.
    private static func spokenShowsWithPodcasts(in range: Range<Int>, _ db: Database) throws -> [CatalogEntry] {
        let keys = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT kind, id FROM (
                        SELECT 0 AS kind, id, title_sort AS sort, artist_sort AS by_artist FROM album WHERE show_rank IS NOT NULL
                        UNION ALL
                        SELECT 1, id, title_sort, '' FROM podcast_show
                    ) ORDER BY sort, by_artist, kind, id LIMIT ? OFFSET ?
                    """),
            arguments: [range.count, range.lowerBound]
        ).map { (kind: $0["kind"] as Int, id: $0["id"] as Int64) }
        let showIDs = keys.filter { $0.kind == 0 }.map(\.id)
        let podcastIDs = keys.filter { $0.kind == 1 }.map(\.id)
        var shows: [Int64: CatalogEntry] = [:]
        if !showIDs.isEmpty {
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM album WHERE id IN (\(placeholders(showIDs.count)))", arguments: StatementArguments(showIDs))
            {
                shows[row["id"]] = CatalogRows.albumEntry(row)
            }
        }
        var podcasts: [Int64: CatalogEntry] = [:]
        if !podcastIDs.isEmpty {
            for row in try Row.fetchAll(
                db, sql: podcastSelect + " WHERE s.id IN (\(placeholders(podcastIDs.count)))", arguments: StatementArguments(podcastIDs))
            {
                podcasts[row["id"]] = .podcast(podcast(row))
            }
        }
        return keys.compactMap { $0.kind == 0 ? shows[$0.id] : podcasts[$0.id] }
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ",")
    }

    private static let podcastSelect = """
        SELECT s.id, s.identifier, s.title, s.author, s.image_url, s.is_explicit,
            (SELECT count(*) FROM podcast_episode e WHERE e.show_id = s.id) AS episodes,
            (SELECT count(*) FROM podcast_episode e WHERE e.show_id = s.id AND e.played = 0) AS unplayed
        FROM podcast_show s
        """

    private static func podcast(_ row: Row) -> CatalogPodcast {
        CatalogPodcast(
            id: row["id"], identifier: row["identifier"], title: row["title"], author: row["author"], imageURL: row["image_url"],
            isExplicit: row["is_explicit"], episodeCount: row["episodes"], unplayedCount: row["unplayed"])
    }

    private static let episodeSelect = """
        SELECT e.id, e.identifier, e.title, e.published, e.url, e.duration, e.is_explicit,
            coalesce(e.image_url, s.image_url) AS image, e.chapters_url, e.played, e.download_path,
            s.identifier AS show_identifier, s.title AS show_title, s.author AS show_author,
            r.seconds AS resume, coalesce(r.rate, s.rate) AS resume_rate
        FROM podcast_episode e JOIN podcast_show s ON s.id = e.show_id LEFT JOIN resume_point r ON r.path = e.identifier
        """

    /// An ``episodeSelect`` row as a spoken-word track: the show is its album, the show's
    /// author its artist, and its resume rate the show's when the episode has none of its own.
    private static func episodeTrack(_ row: Row) -> CatalogTrack {
        let identifier: String = row["identifier"]
        let showTitle: String = row["show_title"]
        return CatalogTrack(
            id: row["id"], identifier: identifier, path: identifier, title: row["title"],
            artist: row["show_author"] ?? showTitle, albumTitle: showTitle, genre: "Podcast", duration: row["duration"],
            isSpokenWord: true, resumePosition: row["resume"], resumeRate: row["resume_rate"],
            episode: EpisodeFacts(
                audioURL: row["url"], downloadedPath: row["download_path"], show: row["show_identifier"],
                published: row["published"], isExplicit: row["is_explicit"], imageURL: row["image"],
                chaptersURL: row["chapters_url"], played: row["played"]))
    }
}
