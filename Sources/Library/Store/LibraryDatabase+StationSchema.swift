import GRDB

extension LibraryDatabase {
    /// The radio stations the listener adds (`radio.add`), in their own table that no scan
    /// reads or writes: a station's URL (unique), its identifier (from the URL), its name and
    /// the name's sort key (``SortKey``), and a picture's URL when one was given.
    ///
    /// Stations are searched like the rest: their names go into `search` at rowids from
    /// ``SearchRowid/stationBase`` on, kept in step by triggers.
    static func createStations(_ db: Database) throws {
        let base = SearchRowid.stationBase
        try db.execute(
            sql: """
                CREATE TABLE station (
                    id INTEGER PRIMARY KEY,
                    url TEXT NOT NULL UNIQUE,
                    identifier TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    name_sort TEXT NOT NULL,
                    artwork_url TEXT
                );
                CREATE INDEX station_on_name_sort ON station(name_sort, url);

                CREATE TRIGGER station_search_insert AFTER INSERT ON station BEGIN
                    INSERT INTO search (rowid, title) VALUES (new.id + \(base), new.name);
                END;
                CREATE TRIGGER station_search_update AFTER UPDATE OF name ON station BEGIN
                    DELETE FROM search WHERE rowid = old.id + \(base);
                    INSERT INTO search (rowid, title) VALUES (new.id + \(base), new.name);
                END;
                CREATE TRIGGER station_search_delete AFTER DELETE ON station BEGIN
                    DELETE FROM search WHERE rowid = old.id + \(base);
                END;
                """)
    }
}
