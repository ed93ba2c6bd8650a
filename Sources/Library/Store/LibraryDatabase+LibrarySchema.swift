import GRDB

extension LibraryDatabase {
    /// The music library: what the scanner found and the lists the browse tree reads.
    ///
    /// Every browse order is a precomputed `*_rank` column (0-based, contiguous, `NULL` for
    /// rows outside the list) with an index that starts with the list's partition, so the
    /// i-th entry of any list is one index seek and a list's count is its largest rank + 1.
    /// ``LibraryStore`` recomputes ranks and aggregates after the scanner writes. Sort keys
    /// (`*_sort`) are folded in Swift (``SortKey``) and compared bytewise.
    ///
    /// `search` is an FTS5 index kept in step by triggers; here its rowid is the row's id × 4
    /// plus 0 for a track, 1 for an album and 2 for an artist, which `v4-search-by-kind`
    /// changes (``indexSearchByKind(_:)``). Play history and resume points are
    /// keyed by path like `feedback`, so a rescan never loses them.
    static func createLibrary(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE artist (
                    id INTEGER PRIMARY KEY,
                    key TEXT NOT NULL UNIQUE,
                    identifier TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    sort_key TEXT NOT NULL,
                    album_count INTEGER NOT NULL DEFAULT 0,
                    rank INTEGER
                );
                CREATE INDEX artist_on_rank ON artist(rank) WHERE rank IS NOT NULL;

                CREATE TABLE album (
                    id INTEGER PRIMARY KEY,
                    key TEXT NOT NULL UNIQUE,
                    identifier TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    title_sort TEXT NOT NULL,
                    artist_id INTEGER REFERENCES artist(id),
                    artist_name TEXT NOT NULL,
                    artist_sort TEXT NOT NULL,
                    is_spoken_word INTEGER NOT NULL CHECK (is_spoken_word IN (0, 1)),
                    year INTEGER,
                    track_count INTEGER NOT NULL DEFAULT 0,
                    artwork_path TEXT,
                    artwork_mime TEXT,
                    artwork_width INTEGER,
                    artwork_height INTEGER,
                    rank INTEGER,
                    artist_rank INTEGER,
                    show_rank INTEGER
                );
                CREATE INDEX album_on_rank ON album(rank) WHERE rank IS NOT NULL;
                CREATE INDEX album_on_artist_rank ON album(artist_id, artist_rank);
                CREATE INDEX album_on_show_rank ON album(show_rank) WHERE show_rank IS NOT NULL;

                CREATE TABLE genre (
                    id INTEGER PRIMARY KEY,
                    key TEXT NOT NULL UNIQUE,
                    identifier TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    track_count INTEGER NOT NULL DEFAULT 0,
                    rank INTEGER
                );
                CREATE INDEX genre_on_rank ON genre(rank) WHERE rank IS NOT NULL;

                CREATE TABLE track (
                    id INTEGER PRIMARY KEY,
                    path TEXT NOT NULL UNIQUE,
                    identifier TEXT NOT NULL UNIQUE,
                    size INTEGER NOT NULL,
                    mtime INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    title_sort TEXT NOT NULL,
                    artist TEXT,
                    artist_sort TEXT NOT NULL,
                    album_title TEXT,
                    album_artist TEXT,
                    genre TEXT,
                    composer TEXT,
                    disc_number INTEGER,
                    track_number INTEGER,
                    year INTEGER,
                    duration REAL,
                    sample_rate INTEGER,
                    channels INTEGER,
                    is_spoken_word INTEGER NOT NULL CHECK (is_spoken_word IN (0, 1)),
                    artwork_path TEXT,
                    artwork_mime TEXT,
                    artwork_width INTEGER,
                    artwork_height INTEGER,
                    album_id INTEGER NOT NULL REFERENCES album(id),
                    genre_id INTEGER REFERENCES genre(id),
                    song_rank INTEGER,
                    album_rank INTEGER,
                    genre_rank INTEGER
                );
                CREATE INDEX track_on_song_rank ON track(song_rank) WHERE song_rank IS NOT NULL;
                CREATE INDEX track_on_album_rank ON track(album_id, album_rank);
                CREATE INDEX track_on_genre_rank ON track(genre_id, genre_rank);

                CREATE TABLE playlist (
                    id INTEGER PRIMARY KEY,
                    path TEXT NOT NULL UNIQUE,
                    identifier TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    name_sort TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    mtime INTEGER NOT NULL,
                    track_count INTEGER NOT NULL DEFAULT 0,
                    rank INTEGER
                );
                CREATE INDEX playlist_on_rank ON playlist(rank) WHERE rank IS NOT NULL;

                CREATE TABLE playlist_entry (
                    playlist_id INTEGER NOT NULL REFERENCES playlist(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    path TEXT NOT NULL,
                    rank INTEGER,
                    PRIMARY KEY (playlist_id, position)
                ) WITHOUT ROWID;
                CREATE INDEX playlist_entry_on_rank ON playlist_entry(playlist_id, rank);

                CREATE TABLE problem (
                    path TEXT PRIMARY KEY NOT NULL,
                    reason TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    mtime INTEGER NOT NULL
                );

                CREATE TABLE play_history (
                    path TEXT PRIMARY KEY NOT NULL,
                    played_at REAL NOT NULL
                );
                CREATE INDEX play_history_on_played_at ON play_history(played_at);

                CREATE TABLE resume_point (
                    path TEXT PRIMARY KEY NOT NULL,
                    seconds REAL NOT NULL CHECK (seconds >= 0)
                );

                CREATE TABLE library_scan (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    finished_at REAL NOT NULL
                );

                CREATE VIRTUAL TABLE search USING fts5(
                    title, artist, album, genre,
                    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
                );
                CREATE TRIGGER track_search_insert AFTER INSERT ON track BEGIN
                    INSERT INTO search (rowid, title, artist, album, genre)
                    VALUES (new.id * 4, new.title, coalesce(new.artist, new.album_artist), new.album_title, new.genre);
                END;
                CREATE TRIGGER track_search_update
                AFTER UPDATE OF title, artist, album_artist, album_title, genre ON track BEGIN
                    DELETE FROM search WHERE rowid = old.id * 4;
                    INSERT INTO search (rowid, title, artist, album, genre)
                    VALUES (new.id * 4, new.title, coalesce(new.artist, new.album_artist), new.album_title, new.genre);
                END;
                CREATE TRIGGER track_search_delete AFTER DELETE ON track BEGIN
                    DELETE FROM search WHERE rowid = old.id * 4;
                END;
                CREATE TRIGGER album_search_insert AFTER INSERT ON album BEGIN
                    INSERT INTO search (rowid, artist, album) VALUES (new.id * 4 + 1, new.artist_name, new.title);
                END;
                CREATE TRIGGER album_search_delete AFTER DELETE ON album BEGIN
                    DELETE FROM search WHERE rowid = old.id * 4 + 1;
                END;
                CREATE TRIGGER artist_search_insert AFTER INSERT ON artist BEGIN
                    INSERT INTO search (rowid, artist) VALUES (new.id * 4 + 2, new.name);
                END;
                CREATE TRIGGER artist_search_delete AFTER DELETE ON artist BEGIN
                    DELETE FROM search WHERE rowid = old.id * 4 + 2;
                END;
                """)
    }
}
