import GRDB

/// Episodes downloaded ahead: which ones each show wants on disk, which are there, and
/// which leave first when the cache is full.
extension LibraryStore {
    /// The newest `perShow` unplayed episodes of every show, the shows taking turns (each
    /// one's newest first, then each one's second, …), so a cap reached part-way leaves
    /// every show something.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func episodesToDownload(perShow: Int) throws(StoreError) -> [PodcastEpisodeRecord] {
        guard perShow > 0 else { return [] }
        return try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM (
                        SELECT e.*, s.identifier AS show_identifier, row_number() OVER (
                            PARTITION BY e.show_id ORDER BY coalesce(e.published, e.first_seen) DESC, e.id DESC
                        ) AS position
                        FROM podcast_episode e JOIN podcast_show s ON s.id = e.show_id
                        WHERE e.played = 0
                    ) WHERE position <= ? ORDER BY position, show_id
                    """,
                arguments: [perShow]
            ).map(Self.episode)
        }
    }

    /// Every episode with a download, in the order they leave a full cache: played ones
    /// first, then the oldest.
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func downloadedEpisodes() throws(StoreError) -> [PodcastEpisodeRecord] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT e.*, s.identifier AS show_identifier FROM podcast_episode e JOIN podcast_show s ON s.id = e.show_id
                    WHERE e.download_path IS NOT NULL
                    ORDER BY e.played DESC, coalesce(e.published, e.first_seen), e.id
                    """
            ).map(Self.episode)
        }
    }

    /// Records the downloaded copy of an episode, or that it has none (`nil`).
    /// - Returns: whether there is such an episode (it may have left with its show).
    /// - Throws: ``StoreError`` when the database cannot be written.
    @discardableResult
    public func setEpisodeDownload(_ identifier: String, path: String?) throws(StoreError) -> Bool {
        try database.write { db in
            try db.execute(sql: "UPDATE podcast_episode SET download_path = ? WHERE identifier = ?", arguments: [path, identifier])
            return db.changesCount > 0
        }
    }
}
