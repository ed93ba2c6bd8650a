import GRDB

extension LibraryDatabase {
    /// Where each kind's rows lie in the `search` index since `v4-search-by-kind`: a track's
    /// rowid is its id, an album's its id plus ``albumBase``, an artist's its id plus
    /// ``artistBase``, and since `v6-stations` a station's its id plus ``stationBase``. Each
    /// kind is one contiguous rowid range, so a query can read the matches of one kind alone
    /// and stop after a few hundred of them, while every kind's bm25 scores still come from
    /// one index and compare with each other.
    enum SearchRowid {
        /// The first album rowid (2⁴⁰; ids stay far below it).
        static let albumBase: Int64 = 1 << 40
        /// The first artist rowid (2⁴¹).
        static let artistBase: Int64 = 1 << 41
        /// The first station rowid (3 × 2⁴⁰), one past the last artist rowid.
        static let stationBase: Int64 = 3 << 40
        /// One past the last station rowid.
        static let end: Int64 = 1 << 42
    }

    /// Rebuilds `search` with one rowid range per kind (``SearchRowid``; it was id × 4 plus
    /// the kind, which interleaved the kinds) and prefix indexes of 1 to 4 characters, the
    /// prefixes people type; the triggers keep it in step as before.
    static func indexSearchByKind(_ db: Database) throws {
        let album = SearchRowid.albumBase
        let artist = SearchRowid.artistBase
        try db.execute(
            sql: """
                DROP TRIGGER track_search_insert;
                DROP TRIGGER track_search_update;
                DROP TRIGGER track_search_delete;
                DROP TRIGGER album_search_insert;
                DROP TRIGGER album_search_delete;
                DROP TRIGGER artist_search_insert;
                DROP TRIGGER artist_search_delete;
                DROP TABLE search;

                CREATE VIRTUAL TABLE search USING fts5(
                    title, artist, album, genre,
                    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4'
                );
                INSERT INTO search (rowid, title, artist, album, genre)
                    SELECT id, title, coalesce(artist, album_artist), album_title, genre FROM track;
                INSERT INTO search (rowid, artist, album) SELECT id + \(album), artist_name, title FROM album;
                INSERT INTO search (rowid, artist) SELECT id + \(artist), name FROM artist;

                CREATE TRIGGER track_search_insert AFTER INSERT ON track BEGIN
                    INSERT INTO search (rowid, title, artist, album, genre)
                    VALUES (new.id, new.title, coalesce(new.artist, new.album_artist), new.album_title, new.genre);
                END;
                CREATE TRIGGER track_search_update
                AFTER UPDATE OF title, artist, album_artist, album_title, genre ON track BEGIN
                    DELETE FROM search WHERE rowid = old.id;
                    INSERT INTO search (rowid, title, artist, album, genre)
                    VALUES (new.id, new.title, coalesce(new.artist, new.album_artist), new.album_title, new.genre);
                END;
                CREATE TRIGGER track_search_delete AFTER DELETE ON track BEGIN
                    DELETE FROM search WHERE rowid = old.id;
                END;
                CREATE TRIGGER album_search_insert AFTER INSERT ON album BEGIN
                    INSERT INTO search (rowid, artist, album) VALUES (new.id + \(album), new.artist_name, new.title);
                END;
                CREATE TRIGGER album_search_delete AFTER DELETE ON album BEGIN
                    DELETE FROM search WHERE rowid = old.id + \(album);
                END;
                CREATE TRIGGER artist_search_insert AFTER INSERT ON artist BEGIN
                    INSERT INTO search (rowid, artist) VALUES (new.id + \(artist), new.name);
                END;
                CREATE TRIGGER artist_search_delete AFTER DELETE ON artist BEGIN
                    DELETE FROM search WHERE rowid = old.id + \(artist);
                END;
                """)
    }
}
