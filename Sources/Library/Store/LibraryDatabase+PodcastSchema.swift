import GRDB

extension LibraryDatabase {
    /// Subscribed podcasts and their episodes (`v9-podcasts`). A show is found by its
    /// feed's URL and keeps its identifier when the URL changes; it sorts by `title_sort`
    /// among the scanned shows and keeps the rate its episodes were last heard at. An
    /// episode is unique by its key (GUID) within its show and leaves with it; its resume
    /// point is kept under its identifier (`resume_point.path`), and `download_path` is
    /// the copy downloaded ahead.
    static func createPodcasts(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE podcast_show (
                    id INTEGER PRIMARY KEY,
                    identifier TEXT NOT NULL UNIQUE,
                    url TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    title_sort TEXT NOT NULL,
                    author TEXT,
                    summary TEXT,
                    image_url TEXT,
                    is_explicit INTEGER NOT NULL DEFAULT 0 CHECK (is_explicit IN (0, 1)),
                    etag TEXT,
                    last_modified TEXT,
                    subscribed_at REAL NOT NULL,
                    last_refresh REAL,
                    error TEXT,
                    rate REAL CHECK (rate IS NULL OR (rate >= 0.5 AND rate <= 2.0))
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
                    download_path TEXT,
                    UNIQUE (show_id, key)
                );
                CREATE INDEX podcast_episode_newest ON podcast_episode(show_id, coalesce(published, first_seen) DESC, id DESC);
                """)
    }
}
