import Foundation
import GRDB
import RondoTesting
import Testing

@testable import Library

/// Search over a library whose matches outnumber what is ranked, and over a database
/// indexed by the previous schema.
struct LibraryStoreSearchTests {
    /// 700 tracks titled "Love Song n" match "lov", more than the 200 ranked per kind; the
    /// artist and the album named Love are still found among them, the limit holds, and a
    /// query as specific as a user finishes typing finds a track past the first 200.
    @Test func everyKindIsFoundAmongManyTrackMatches() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        for number in 1...700 {
            try library.add("many/\(number).mp3", ["title": "Love Song \(number)", "artist": "Various", "album": "Songs"])
        }
        try library.add("love/1.mp3", ["title": "Untitled", "artist": "Love", "album": "Love Album"])
        try library.scan()
        let results = try library.store.search("lov", limit: 50)
        #expect(results.count == 50)
        #expect(results.contains { if case .artist(let artist) = $0 { artist.name == "Love" } else { false } })
        #expect(results.contains { $0.title == "Love Album" })
        #expect(try library.store.search("love song 650", limit: 10).map(\.title) == ["Love Song 650"])
        #expect(try library.store.search("lov", limit: 3).count == 3)
    }

    /// A database written by the build before `v4-search-by-kind` (its search rowids were
    /// id × 4 plus the kind) is indexed again when opened: its track, album and artist are
    /// all found, and new rows are indexed by the new triggers.
    @Test func aPreviousSchemaIsIndexedAgain() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-search")
        defer { directory.remove() }
        let path = directory.appending("library.sqlite")
        let queue = try DatabaseQueue(path: path)
        try LibraryDatabase.makeMigrator().migrate(queue, upTo: "v3-output")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO artist (id, key, identifier, name, sort_key) VALUES (3, 'k', 'i', 'Sigur Rós', 'sigur ros');
                    INSERT INTO album (id, key, identifier, title, title_sort, artist_id, artist_name, artist_sort, is_spoken_word)
                        VALUES (5, 'k', 'i', 'Ágætis byrjun', 'agaetis byrjun', 3, 'Sigur Rós', 'sigur ros', 0);
                    INSERT INTO track (id, path, identifier, size, mtime, title, title_sort, artist, artist_sort,
                        album_title, is_spoken_word, album_id)
                        VALUES (7, '/m/a.mp3', 'i', 1, 1, 'Starálfur', 'staralfur', 'Sigur Rós', 'sigur ros', 'Ágætis byrjun', 0, 5);
                    """)
        }
        #expect(try queue.read { try Int64.fetchAll($0, sql: "SELECT rowid FROM search ORDER BY rowid") } == [14, 21, 28])
        try queue.close()

        let database = try LibraryDatabase(path: path)
        defer { try? database.close() }
        let store = LibraryStore(database: database)
        #expect(try store.search("staral", limit: 10).map(\.title) == ["Starálfur"])
        #expect(try store.search("byrjun", limit: 10).map(\.title).sorted() == ["Starálfur", "Ágætis byrjun"])
        let sigur = try store.search("sigur", limit: 10)
        #expect(sigur.count == 3)
        #expect(sigur.contains { if case .artist(let artist) = $0 { artist.name == "Sigur Rós" } else { false } })
        try database.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO track (id, path, identifier, size, mtime, title, title_sort, artist, artist_sort,
                        album_title, is_spoken_word, album_id)
                        VALUES (8, '/m/b.mp3', 'j', 1, 1, 'Svefn-g-englar', 'svefn', 'Sigur Rós', 'sigur ros', 'Ágætis byrjun', 0, 5)
                    """)
        }
        #expect(try store.search("svefn", limit: 10).map(\.title) == ["Svefn-g-englar"])
    }
}
