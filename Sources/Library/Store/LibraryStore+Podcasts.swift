import ContentIdentifiers
public import Feeds
import GRDB

/// Subscribed podcasts: a feed read (``Feed``) becomes a show and its episodes; a refresh
/// adds what is new and updates what changed, by each episode's key, so a feed that
/// reorders its items or moves an enclosure keeps every episode's identity and played state.
extension LibraryStore {
    /// Keeps the show at `url` and the episodes of `feed`, for a subscription or a refresh.
    ///
    /// A show not seen before is added; one with this URL (or, after a permanent redirect,
    /// with `previousURL`) is updated and moved to `url`. Episodes are matched by key:
    /// new ones are added (first seen `at`), known ones take the feed's title, address,
    /// dates and description; none is removed because a feed stopped listing it.
    /// - Parameters:
    ///   - validators: the answer's ETag and Last-Modified, for the next conditional request.
    /// - Returns: the show as stored, how many episodes were new, and which known ones changed.
    /// - Throws: ``StoreError`` when the database cannot be written.
    public func keepPodcast(
        url: String, previousURL: String? = nil, feed: Feed, etag: String?, lastModified: String?, at now: Double
    ) throws(StoreError) -> PodcastUpdate {
        try database.write { db in
            let known = try Int64.fetchOne(
                db, sql: "SELECT id FROM podcast_show WHERE url = ? OR url = ? ORDER BY url = ? DESC LIMIT 1",
                arguments: [url, previousURL ?? url, url])
            return try Self.keep(feed, url: url, showID: known, etag: etag, lastModified: lastModified, at: now, db)
        }
    }

    /// Keeps a refresh of the subscribed show `identifier`: its feed, now at `url`, and the
    /// feed's episodes, as ``keepPodcast(url:previousURL:feed:etag:lastModified:at:)`` does.
    /// A show unsubscribed while its feed was being fetched stays gone.
    /// - Returns: the show as stored and how many episodes were new; `nil` when it is no
    ///   longer subscribed.
    /// - Throws: ``StoreError`` when the database cannot be written.
    public func refreshPodcast(
        _ identifier: String, url: String, feed: Feed, etag: String?, lastModified: String?, at now: Double
    ) throws(StoreError) -> PodcastUpdate? {
        try database.write { db in
            guard let known = try Int64.fetchOne(db, sql: "SELECT id FROM podcast_show WHERE identifier = ?", arguments: [identifier])
            else { return nil }
            return try Self.keep(feed, url: url, showID: known, etag: etag, lastModified: lastModified, at: now, db)
        }
    }

    /// Updates the show `showID` from `feed` (adds it when `nil`), then keeps its episodes.
    private static func keep(
        _ feed: Feed, url: String, showID known: Int64?, etag: String?, lastModified: String?, at now: Double, _ db: Database
    ) throws -> PodcastUpdate {
        let title = feed.title ?? url
        let showID: Int64
        if let known {
            try db.execute(
                sql: """
                    UPDATE podcast_show SET url = ?, title = ?, title_sort = ?, author = ?, summary = ?, image_url = ?, is_explicit = ?,
                        etag = ?, last_modified = ?, last_refresh = ?, error = NULL
                    WHERE id = ?
                    """,
                arguments: [
                    url, title, SortKey.fold(title), feed.author, feed.summary, feed.imageURL, feed.isExplicit, etag,
                    lastModified, now, known,
                ])
            showID = known
        } else {
            try db.execute(
                sql: """
                    INSERT INTO podcast_show (identifier, url, title, title_sort, author, summary, image_url, is_explicit,
                        etag, last_modified, subscribed_at, last_refresh)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    CatalogIdentifier.make(CatalogIdentifier.showPrefix, key: url), url, title, SortKey.fold(title),
                    feed.author, feed.summary,
                    feed.imageURL, feed.isExplicit, etag, lastModified, now, now,
                ])
            showID = db.lastInsertedRowID
        }
        let show = try String.fetchOne(db, sql: "SELECT identifier FROM podcast_show WHERE id = ?", arguments: [showID]) ?? ""
        var added = 0
        var revised: [String] = []
        var moved: [String: String] = [:]
        for episode in feed.episodes {
            switch try Self.keep(episode, show: (showID, show), at: now, db) {
            case .added: added += 1
            case .revised(let identifier, let movedFrom):
                revised.append(identifier)
                if let movedFrom { moved[movedFrom] = episode.enclosureURL }
            case .unchanged: break
            }
        }
        return PodcastUpdate(
            show: try Self.show(id: showID, db), newEpisodes: added, revisedEpisodes: revised, movedEnclosures: moved)
    }

    /// Records a refresh that brought no new version of the show's feed: unchanged (`error`
    /// `nil`, after a 304) or failed (with why).
    /// - Throws: ``StoreError`` when the database cannot be written.
    public func recordPodcastRefresh(show identifier: String, error: String?, at now: Double) throws(StoreError) {
        try database.write { db in
            try db.execute(
                sql: "UPDATE podcast_show SET last_refresh = ?, error = ? WHERE identifier = ?", arguments: [now, error, identifier])
        }
    }

    /// Every subscribed show, by title.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func podcastShows() throws(StoreError) -> [PodcastShowRecord] {
        try database.read { db in
            try Row.fetchAll(db, sql: Self.showSelect + " ORDER BY s.title COLLATE NOCASE, s.id").map(Self.show)
        }
    }

    /// The show with this identifier, if subscribed.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func podcastShow(_ identifier: String) throws(StoreError) -> PodcastShowRecord? {
        try database.read { db in
            try Row.fetchOne(db, sql: Self.showSelect + " WHERE s.identifier = ?", arguments: [identifier]).map(Self.show)
        }
    }

    /// Forgets a show and its episodes.
    /// - Returns: whether it was subscribed.
    /// - Throws: ``StoreError`` when the database cannot be written.
    public func unsubscribePodcast(_ identifier: String) throws(StoreError) -> Bool {
        try database.write { db in
            try db.execute(sql: "DELETE FROM podcast_show WHERE identifier = ?", arguments: [identifier])
            return db.changesCount > 0
        }
    }

    /// A page of a show's episodes, newest first (undated ones by when they were first
    /// seen), and how many it has.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func podcastEpisodes(show identifier: String, offset: Int, limit: Int) throws(StoreError) -> (
        items: [PodcastEpisodeRecord], total: Int
    ) {
        try database.read { db in
            let total =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM podcast_episode e JOIN podcast_show s ON s.id = e.show_id WHERE s.identifier = ?",
                    arguments: [identifier]) ?? 0
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT e.*, s.identifier AS show_identifier FROM podcast_episode e JOIN podcast_show s ON s.id = e.show_id
                    WHERE s.identifier = ?
                    ORDER BY coalesce(e.published, e.first_seen) DESC, e.id DESC LIMIT ? OFFSET ?
                    """,
                arguments: [identifier, max(limit, 0), max(offset, 0)])
            return (rows.map(Self.episode), total)
        }
    }

    /// The enclosure addresses of the episodes kept of the show `identifier` (none when it
    /// is not subscribed), so what was checked before need not be again.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func podcastEpisodeURLs(show identifier: String) throws(StoreError) -> Set<String> {
        try database.read { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT e.url FROM podcast_episode e JOIN podcast_show s ON s.id = e.show_id WHERE s.identifier = ?",
                    arguments: [identifier]))
        }
    }

    /// Marks an episode played or not.
    /// - Returns: whether there is such an episode.
    /// - Throws: ``StoreError`` when the database cannot be written.
    public func setEpisodePlayed(_ identifier: String, played: Bool) throws(StoreError) -> Bool {
        try database.write { db in
            try db.execute(sql: "UPDATE podcast_episode SET played = ? WHERE identifier = ?", arguments: [played, identifier])
            return db.changesCount > 0
        }
    }

    // MARK: Rows

    /// Adds `episode` to the show, or updates the one with its key.
    /// - Returns: whether it was new.
    /// What keeping one of a feed's episodes did to the store.
    private enum EpisodeChange {
        /// The store had not seen it.
        case added
        /// The store had it, and the feed changed what it holds (its address, title,
        /// description…); `movedFrom` is its enclosure's address before, when that moved.
        case revised(identifier: String, movedFrom: String?)
        /// The store had it as the feed says.
        case unchanged
    }

    private static func keep(_ episode: FeedEpisode, show: (id: Int64, identifier: String), at now: Double, _ db: Database) throws
        -> EpisodeChange
    {
        let identifier = CatalogIdentifier.make(CatalogIdentifier.episodePrefix, key: show.identifier + "\u{1F}" + episode.key)
        let knownURL = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT url FROM podcast_episode WHERE show_id = ? AND key = ?"), arguments: [show.id, episode.key]
        ).map { $0["url"] as String? }
        // A known episode's row is written only when the feed changed it, so the change can be told.
        try db.cachedStatement(
            sql: """
                INSERT INTO podcast_episode (show_id, key, identifier, title, published, url, duration, summary, is_explicit,
                    image_url, chapters_url, first_seen)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (show_id, key) DO UPDATE SET
                    title = excluded.title, published = excluded.published, url = excluded.url, duration = excluded.duration,
                    summary = excluded.summary, is_explicit = excluded.is_explicit, image_url = excluded.image_url,
                    chapters_url = excluded.chapters_url
                WHERE title IS NOT excluded.title OR published IS NOT excluded.published OR url IS NOT excluded.url
                    OR duration IS NOT excluded.duration OR summary IS NOT excluded.summary
                    OR is_explicit IS NOT excluded.is_explicit OR image_url IS NOT excluded.image_url
                    OR chapters_url IS NOT excluded.chapters_url
                """
        ).execute(arguments: [
            show.id, episode.key, identifier, episode.title, episode.published, episode.enclosureURL, episode.duration,
            episode.summary, episode.isExplicit, episode.imageURL, episode.chaptersURL, now,
        ])
        guard let knownURL else { return .added }
        guard db.changesCount > 0 else { return .unchanged }
        let stored = try String.fetchOne(
            db.cachedStatement(sql: "SELECT identifier FROM podcast_episode WHERE show_id = ? AND key = ?"),
            arguments: [show.id, episode.key])
        return .revised(identifier: stored ?? identifier, movedFrom: knownURL == episode.enclosureURL ? nil : knownURL)
    }

    private static let showSelect = """
        SELECT s.*,
            (SELECT count(*) FROM podcast_episode e WHERE e.show_id = s.id) AS episodes,
            (SELECT count(*) FROM podcast_episode e WHERE e.show_id = s.id AND e.played = 0) AS unplayed
        FROM podcast_show s
        """

    private static func show(id: Int64, _ db: Database) throws -> PodcastShowRecord {
        guard let row = try Row.fetchOne(db, sql: showSelect + " WHERE s.id = ?", arguments: [id]) else {
            throw DatabaseError(resultCode: .SQLITE_NOTFOUND, message: "podcast show \(id) vanished")
        }
        return show(row)
    }

    private static func show(_ row: Row) -> PodcastShowRecord {
        PodcastShowRecord(
            id: row["id"], identifier: row["identifier"], url: row["url"], title: row["title"], author: row["author"],
            summary: row["summary"], imageURL: row["image_url"], isExplicit: row["is_explicit"], episodes: row["episodes"],
            unplayed: row["unplayed"], lastRefresh: row["last_refresh"], error: row["error"], etag: row["etag"],
            lastModified: row["last_modified"])
    }

    static func episode(_ row: Row) -> PodcastEpisodeRecord {
        PodcastEpisodeRecord(
            id: row["id"], identifier: row["identifier"], show: row["show_identifier"], key: row["key"], title: row["title"],
            published: row["published"], url: row["url"], duration: row["duration"], summary: row["summary"],
            isExplicit: row["is_explicit"], imageURL: row["image_url"], chaptersURL: row["chapters_url"],
            firstSeen: row["first_seen"], played: row["played"], downloadPath: row["download_path"])
    }
}
