import GRDB

extension LibraryDatabase {
    /// Subscribed podcasts and their episodes (`v9-podcasts`). A show is found by its
    /// feed's URL and keeps its identifier when the URL changes; an episode is unique by its
    /// key (GUID) within its show and leaves with it.
    static func createPodcasts(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE podcast_show (
                    id INTEGER PRIMARY KEY,
                    identifier TEXT NOT NULL UNIQUE,
                    url TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    author TEXT,
                    summary TEXT,
                    image_url TEXT,
                    is_explicit INTEGER NOT NULL DEFAULT 0 CHECK (is_explicit IN (0, 1)),
                    etag TEXT,
                    last_modified TEXT,
                    subscribed_at REAL NOT NULL,
                    last_refresh REAL,
                    error TEXT
                );
                CREATE TABLE podcast_episode (
                    id INTEGER PRIMARY KEY,
                    show_id INTEGER NOT NULL REFERENCES podcast_show(id) ON DELETE CASCADE,
                    key TEXT NOT NULL,
                    identifier TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    published REAL,
                    url TEXT NOT NULL,
                    duration REAL,
                    summary TEXT,
                    is_explicit INTEGER NOT NULL DEFAULT 0 CHECK (is_explicit IN (0, 1)),
                    image_url TEXT,
                    chapters_url TEXT,
                    first_seen REAL NOT NULL,
                    played INTEGER NOT NULL DEFAULT 0 CHECK (played IN (0, 1)),
                    UNIQUE (show_id, key)
                );
                CREATE INDEX podcast_episode_newest ON podcast_episode(show_id, published DESC, first_seen DESC);
                """)
    }
}
