import GRDB

extension LibraryDatabase {
    /// The schema's history: named migrations, run in order, each exactly once per file.
    ///
    /// A shipped migration is never edited; a change is a new migration appended here.
    /// The music library (tracks, albums, artists, genres, playlists, play history, resume
    /// points, FTS5 search) is `v2-library` (``createLibrary(_:)``); `feedback` stays keyed
    /// by path, so it outlives a file's removal from the library. `v4-search-by-kind`
    /// (``indexSearchByKind(_:)``) gives each kind its own range of search rowids;
    /// `v5-replaygain` (``addReplayGain(_:)``) keeps each track's ReplayGain; `v6-stations`
    /// (``createStations(_:)``) keeps the radio stations the listener adds; `v7-resume-rate`
    /// (``addResumeRate(_:)``) keeps the rate a spoken-word item was heard at; `v8-chapters`
    /// (``createChapters(_:)``) keeps the chapters each file marks; `v9-podcasts`
    /// (``createPodcasts(_:)``) the podcasts subscribed to and their episodes;
    /// `v10-saved-playlists` (``markSavedPlaylists(_:)``) tells the playlists a client saved
    /// from those the scan found; `v11-album-lists` indexes MPD's album lists;
    /// `v12-folder-covers` (``createFolderCovers(_:)``) keeps the folder covers' stamps;
    /// `v13-musicbrainz-ids` (``addMusicBrainzIDs(_:)``) each track's MusicBrainz identifiers;
    /// `v14-stickers` (``createStickers(_:)``) the stickers clients keep on tracks.
    static func makeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-daemon-state", migrate: createDaemonState)
        migrator.registerMigration("v2-library", migrate: createLibrary)
        migrator.registerMigration("v3-output", migrate: createOutputSettings)
        migrator.registerMigration("v4-search-by-kind", migrate: indexSearchByKind)
        migrator.registerMigration("v5-replaygain", migrate: addReplayGain)
        migrator.registerMigration("v6-stations", migrate: createStations)
        migrator.registerMigration("v7-resume-rate", migrate: addResumeRate)
        migrator.registerMigration("v8-chapters", migrate: createChapters)
        migrator.registerMigration("v9-podcasts", migrate: createPodcasts)
        migrator.registerMigration("v10-saved-playlists", migrate: markSavedPlaylists)
        migrator.registerMigration("v11-album-lists", migrate: indexAlbumLists)
        migrator.registerMigration("v12-folder-covers", migrate: createFolderCovers)
        migrator.registerMigration("v13-musicbrainz-ids", migrate: addMusicBrainzIDs)
        migrator.registerMigration("v14-stickers", migrate: createStickers)
        return migrator
    }

    /// The stickers clients keep on tracks (MPD's `sticker`), by the track's path and the
    /// sticker's name; they outlive the track's row, as a file that goes and comes back
    /// keeps its rating.
    static func createStickers(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sticker (
                    path TEXT NOT NULL,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (path, name)
                ) WITHOUT ROWID;
                """)
    }

    /// Each track's MusicBrainz identifiers (``MusicBrainzIDs``). Tracks scanned before get a
    /// size no file has, so the next scan reads them again for theirs; their modification
    /// time (MPD's `Last-Modified`, `modified-since`) stays what it is meanwhile.
    static func addMusicBrainzIDs(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE track ADD COLUMN mb_track_id TEXT;
                ALTER TABLE track ADD COLUMN mb_album_id TEXT;
                ALTER TABLE track ADD COLUMN mb_artist_id TEXT;
                ALTER TABLE track ADD COLUMN mb_album_artist_id TEXT;
                ALTER TABLE track ADD COLUMN mb_release_track_id TEXT;
                ALTER TABLE track ADD COLUMN mb_work_id TEXT;
                UPDATE track SET size = -1;
                """)
    }

    /// The stamp of each directory's cover image (``FolderCover``) as the last scan found
    /// it: a scan reads again the tracks of a directory whose cover came, changed or went,
    /// for those that embed no picture show it. Empty at first, so the first scan after
    /// this migration reads the tracks of every directory with a cover once.
    static func createFolderCovers(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE folder_cover (
                    directory TEXT PRIMARY KEY NOT NULL,
                    size INTEGER NOT NULL,
                    mtime INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    /// The chapters of each file, by path and 0-based position, gone with the file's track
    /// row; each track's count of them; and for a show or book of one file with chapters,
    /// that file (its chapters are then the book's children). Spoken-word files scanned
    /// before lose their file stamp, so the next scan reads them again for their chapters.
    static func createChapters(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE chapter (
                    path TEXT NOT NULL,
                    position INTEGER NOT NULL CHECK (position >= 0),
                    title TEXT,
                    start REAL NOT NULL CHECK (start >= 0),
                    duration REAL CHECK (duration IS NULL OR duration >= 0),
                    PRIMARY KEY (path, position)
                ) WITHOUT ROWID;
                CREATE TRIGGER chapters_leave_with_their_track AFTER DELETE ON track BEGIN
                    DELETE FROM chapter WHERE path = old.path;
                END;
                ALTER TABLE track ADD COLUMN chapter_count INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE album ADD COLUMN chaptered_track_id INTEGER;
                UPDATE track SET mtime = -1 WHERE is_spoken_word = 1;
                """)
    }

    /// The playback rate a spoken-word item was last heard at, beside where it stopped
    /// (`NULL`: never changed from the rate of whatever played before).
    /// Whether each playlist is one a client saved (an MPD client's `save`), kept in Rondo's
    /// own directory rather than found by the scan in the music directory: a scan never
    /// removes it.
    /// The albums with their album artists and artists, in order, in an index of their own:
    /// the distinct albums (MPD's `list album group albumartist`, which every client's album
    /// view asks) are read from it in order, some 4 MB for 100,000 tracks, rather than from
    /// every track's row (80 MB) into a temporary B-tree.
    private static func indexAlbumLists(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX track_on_album_lists ON track(album_title, album_artist, artist)")
    }

    static func markSavedPlaylists(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE playlist ADD COLUMN saved INTEGER NOT NULL DEFAULT 0 CHECK (saved IN (0, 1))")
    }

    static func addResumeRate(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE resume_point ADD COLUMN rate REAL CHECK (rate IS NULL OR (rate >= 0.5 AND rate <= 2.0))")
    }

    /// Each track's ReplayGain (gains in dB at −18 LUFS, peaks linear; `NULL` when the file
    /// has none). Tracks scanned before lose their file stamp, so the next scan reads every
    /// file again and picks up their gains.
    private static func addReplayGain(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE track ADD COLUMN track_gain REAL;
                ALTER TABLE track ADD COLUMN track_peak REAL;
                ALTER TABLE track ADD COLUMN album_gain REAL;
                ALTER TABLE track ADD COLUMN album_peak REAL;
                UPDATE track SET mtime = -1;
                """)
    }

    /// The player's output: the listener's volume and the sink it is pinned to (`NULL`:
    /// the server's default). One row, written only when the listener changes either.
    private static func createOutputSettings(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE output_settings (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    volume REAL NOT NULL CHECK (volume >= 0 AND volume <= 1),
                    sink TEXT
                );
                """)
    }

    /// Daemon state: the queue, its play order and history, the player's scalars, feedback.
    ///
    /// Rows refer to queue entries by `entry_id` (the queue entry's identity), never by
    /// position, so moving entries does not touch `play_order` or `queue_history`. Child key
    /// columns are indexed so that deleting queue entries does not scan the child tables.
    private static func createDaemonState(_ db: Database) throws {
        try db.execute(
            sql: """
                PRAGMA application_id = \(applicationID);

                CREATE TABLE queue_entry (
                    position INTEGER PRIMARY KEY CHECK (position >= 0),
                    entry_id INTEGER NOT NULL UNIQUE,
                    path TEXT NOT NULL,
                    collection TEXT
                );

                CREATE TABLE play_order (
                    rank INTEGER PRIMARY KEY CHECK (rank >= 0),
                    entry_id INTEGER NOT NULL REFERENCES queue_entry(entry_id) ON DELETE CASCADE
                );
                CREATE INDEX play_order_on_entry_id ON play_order(entry_id);

                CREATE TABLE queue_history (
                    step INTEGER PRIMARY KEY CHECK (step >= 0),
                    entry_id INTEGER NOT NULL REFERENCES queue_entry(entry_id) ON DELETE CASCADE
                );
                CREATE INDEX queue_history_on_entry_id ON queue_history(entry_id);

                CREATE TABLE player_state (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    revision INTEGER NOT NULL,
                    current_entry_id INTEGER REFERENCES queue_entry(entry_id) ON DELETE SET NULL,
                    position REAL NOT NULL CHECK (position >= 0),
                    playing INTEGER NOT NULL CHECK (playing IN (0, 1)),
                    shuffle TEXT NOT NULL,
                    repeat_mode TEXT NOT NULL,
                    rate REAL NOT NULL CHECK (rate > 0),
                    saved_at REAL NOT NULL
                );

                CREATE TABLE feedback (
                    track_key TEXT PRIMARY KEY NOT NULL,
                    liked INTEGER NOT NULL CHECK (liked IN (0, 1)),
                    disliked INTEGER NOT NULL CHECK (disliked IN (0, 1)),
                    bookmarked INTEGER NOT NULL CHECK (bookmarked IN (0, 1)),
                    updated_at REAL NOT NULL
                );
                """)
    }
}
