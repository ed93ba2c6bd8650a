import Foundation
import GRDB
import Library
import RondoTesting
import Testing

/// ``LibraryStore``'s lists, identifiers, search, history and resume points over a scanned
/// library in a real SQLite file.
struct LibraryStoreTests {
    /// Artists sort by name with "The " ignored and without case or accents; albums by year,
    /// unknown years last, then title; album tracks by disc, track number, title.
    @Test func listsFollowTheBrowseOrders() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        for artist in ["The Zombies", "abba", "Ábaco", "Beatles", "the Beach Boys", "Zappa"] {
            try library.add("\(artist)/x.mp3", ["title": "X", "artist": artist, "album": "A \(artist)"])
        }
        try library.add("Q/1.mp3", ["title": "Late", "artist": "Queen", "album": "Later", "year": "1990"])
        try library.add("Q/2.mp3", ["title": "Early", "artist": "Queen", "album": "Early", "year": "1973"])
        try library.add("Q/3.mp3", ["title": "Undated", "artist": "Queen", "album": "Anytime"])
        try library.add("Q/4.mp3", ["title": "Also 1973", "artist": "Queen", "album": "Another", "year": "1973"])
        try library.add("D/a.mp3", ["title": "b", "artist": "D", "album": "Disc", "disc": "2", "track": "1"])
        try library.add("D/b.mp3", ["title": "c", "artist": "D", "album": "Disc", "disc": "1", "track": "2"])
        try library.add("D/c.mp3", ["title": "a", "artist": "D", "album": "Disc", "disc": "1", "track": "1"])
        try library.add("D/d.mp3", ["title": "z", "artist": "D", "album": "Disc", "disc": "1"])
        try library.add("D/e.mp3", ["title": "y", "artist": "D", "album": "Disc", "disc": "1"])
        try library.scan()

        let artists = try library.all(.artists).map(\.title)
        #expect(artists == ["Ábaco", "abba", "the Beach Boys", "Beatles", "D", "Queen", "Zappa", "The Zombies"])
        let queen = try #require(try library.all(.artists).first { $0.title == "Queen" })
        #expect(try library.all(.albumsOf(artist: queen.id)).map(\.title) == ["Another", "Early", "Later", "Anytime"])
        let albums = try library.all(.albums)
        #expect(albums.prefix(3).map(\.title) == ["Another", "Early", "Later"])
        let disc = try #require(albums.first { $0.title == "Disc" })
        #expect(try library.all(.tracksOfAlbum(disc.id)).map(\.title) == ["a", "c", "y", "z", "b"])
        guard case .album(let album) = disc else {
            Issue.record("not an album")
            return
        }
        #expect(album.trackCount == 5)
        #expect(album.identifier.hasPrefix("rondo:album:"))
    }

    /// Every list's count equals the number of entries it gives, read at once or one by one,
    /// and ranges are clamped.
    @Test func countsAgreeWithEntries() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        for index in 0..<40 {
            try library.add(
                "M/\(index).mp3",
                [
                    "title": "T\(index)", "artist": "Artist \(index % 4)", "album": "Album \(index % 7)",
                    "genre": ["Rock", "Jazz", "Pop"][index % 3], "track": "\(index % 5 + 1)",
                ])
        }
        try library.add("Podcasts/S/1.mp3", ["title": "E1", "album": "S"])
        try library.scan()
        let store = library.store
        var lists: [CatalogList] = [.artists, .albums, .songs, .genres, .playlists, .spokenShows, .recentlyPlayed]
        for artist in try library.all(.artists) { lists.append(.albumsOf(artist: artist.id)) }
        for album in try library.all(.albums) { lists.append(.tracksOfAlbum(album.id)) }
        for genre in try library.all(.genres) { lists.append(.tracksOfGenre(genre.id)) }
        for show in try library.all(.spokenShows) { lists.append(.tracksOfShow(show.id)) }
        for list in lists {
            let count = try store.count(list)
            #expect(try store.entries(list, in: 0..<count + 5).count == count, "\(list)")
            #expect(try library.all(list).count == count, "\(list)")
            #expect(try store.entries(list, in: -3..<1).count == min(count, 1), "\(list)")
        }
        #expect(try store.count(.songs) == 40)
        #expect(try !store.isEmpty())
        let genres = try library.all(.genres)
        #expect(genres.map(\.title) == ["Jazz", "Pop", "Rock"])
        let jazz = try library.all(.tracksOfGenre(genres[0].id))
        #expect(jazz.count == 13)
        let stats = try store.stats()
        #expect(stats.tracks == 41)
        #expect(stats.artists == 4)
        #expect(stats.albums == 28)
        #expect(stats.genres == 3)
        #expect(stats.spokenWord == 1)
        #expect(stats.totalDuration == 41 * 60)
        #expect(stats.lastScan != nil)
    }

    /// Identifiers are stable across rescans and resolve to their entries; the track's is
    /// `rondo:track:` and the FNV-1a hex of its path.
    @Test func identifiersAreStableAndResolve() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let path = try library.add("A/one.mp3", ["title": "One", "artist": "Ärtist", "album": "Record", "genre": "Pop"])
        try library.scan()
        let before = try library.all(.artists) + library.all(.albums) + library.all(.genres) + library.all(.songs)
        try library.scan(full: true)
        let after = try library.all(.artists) + library.all(.albums) + library.all(.genres) + library.all(.songs)
        #expect(before == after)
        guard case .track(let track) = after[3] else {
            Issue.record("not a track")
            return
        }
        #expect(track.identifier == "rondo:track:" + fnv1a(path))
        for entry in after {
            #expect(try library.store.entry(forIdentifier: entry.identifier) == entry)
        }
        #expect(try library.store.entry(forIdentifier: "rondo:track:0000") == nil)
        #expect(try library.store.entry(forIdentifier: "nonsense") == nil)
    }

    /// Search matches word prefixes in titles, artists, albums and genres, ignores case and
    /// accents, ranks the closer match first, and takes any text safely.
    @Test func searchesByPrefixWithRanking() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("1.mp3", ["title": "Bohemian Rhapsody", "artist": "Queen", "album": "A Night at the Opera"])
        try library.add("2.mp3", ["title": "Under Pressure", "artist": "Queen & David Bowie", "album": "Hot Space"])
        try library.add("3.mp3", ["title": "Café del Mar", "artist": "Energy 52", "album": "Café", "genre": "Trance"])
        try library.add("4.mp3", ["title": "Queen of Hearts", "artist": "Dave Edmunds", "album": "Repeat"])
        try library.scan()
        let store = library.store
        #expect(try store.search("bohem", limit: 10).map(\.title) == ["Bohemian Rhapsody"])
        #expect(try store.search("CAFE", limit: 10).contains { $0.title == "Café del Mar" })
        #expect(try store.search("tranc", limit: 10).map(\.title) == ["Café del Mar"])
        let queen = try store.search("queen", limit: 10)
        guard case .artist(let artist) = try #require(queen.first) else {
            Issue.record("an artist named Queen should rank first, got \(queen)")
            return
        }
        #expect(artist.name == "Queen")
        #expect(queen.contains { $0.title == "Queen of Hearts" })
        #expect(try store.search("queen press", limit: 10).map(\.title) == ["Under Pressure"])
        #expect(try store.search("queen", limit: 2).count == 2)
        for weird in ["", "   ", "\"", "*", "AND", "OR NOT", "title:x", "NEAR(a b)", "a\"b", "'; DROP TABLE track; --", "(((", "^"] {
            _ = try store.search(weird, limit: 10)
        }
        #expect(try store.search("", limit: 10).isEmpty)
        #expect(try store.search("\"bohem", limit: 10).map(\.title) == ["Bohemian Rhapsody"])
    }

    /// Recently Played holds each track once, newest first, at most 50, and only library tracks.
    @Test func recentlyPlayedIsDistinctNewestFirstAndCapped() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let paths = try (0..<60).map { try library.add("\($0).mp3", ["title": "T\($0)"]) }
        try library.scan()
        let store = library.store
        for (index, path) in paths.enumerated() { try store.recordPlay(path: path, at: Double(index)) }
        try store.recordPlay(path: paths[0], at: 100)
        try store.recordPlay(path: paths[0], at: 101)
        try store.recordPlay(path: "/not/in/library.mp3", at: 102)
        let recent = try library.all(.recentlyPlayed).map(\.title)
        #expect(recent.count == 50)
        #expect(recent.prefix(3) == ["T0", "T59", "T58"])
        #expect(Set(recent).count == 50)
        #expect(try store.entries(.recentlyPlayed, in: 48..<60).map(\.title) == ["T12", "T11"])
    }

    /// A resume position is stored per track, cleared with `nil`, and ignored for files
    /// outside the library.
    @Test func storesResumePositions() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let path = try library.add("Podcasts/Show/1.mp3", ["title": "E1", "album": "Show"])
        try library.scan()
        let store = library.store
        #expect(try store.track(atPath: path)?.resumePosition == nil)
        try store.setResumePosition(path: path, seconds: 42.5)
        #expect(try store.track(atPath: path)?.resumePosition == 42.5)
        #expect(try store.track(atPath: path)?.isSpokenWord == true)
        try library.scan(full: true)
        #expect(try store.track(atPath: path)?.resumePosition == 42.5)
        try store.setResumePosition(path: path, seconds: nil)
        #expect(try store.track(atPath: path)?.resumePosition == nil)
        try store.setResumePosition(path: "/elsewhere.mp3", seconds: 3)
    }

    /// A database made by a build that knew only `v1-daemon-state` is migrated when opened,
    /// keeping its rows.
    @Test func migratesAVersion1Database() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(
            atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: fixture.path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-daemon-state") { db in
            try db.execute(sql: "PRAGMA application_id = \(0x526F_6E64)")
            try db.execute(
                sql: """
                    CREATE TABLE feedback (track_key TEXT PRIMARY KEY NOT NULL, liked INTEGER NOT NULL,
                        disliked INTEGER NOT NULL, bookmarked INTEGER NOT NULL, updated_at REAL NOT NULL);
                    INSERT INTO feedback VALUES ('/m/a.mp3', 1, 0, 0, 5);
                    """)
        }
        try migrator.migrate(queue)
        try queue.close()
        let database = try fixture.open()
        #expect(
            try database.appliedMigrations() == [
                "v1-daemon-state", "v2-library", "v3-output", "v4-search-by-kind", "v5-replaygain", "v6-stations", "v7-resume-rate", "v8-chapters",
                "v9-podcasts",
                "v10-saved-playlists", "v11-album-lists", "v12-folder-covers", "v13-musicbrainz-ids", "v14-stickers",
            ])
        let store = LibraryStore(database: database)
        #expect(try store.isEmpty())
        #expect(try store.stats().lastScan == nil)
        try database.close()
        let reopened = try DatabaseQueue(path: fixture.path)
        #expect(try reopened.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM feedback") } == 1)
        try reopened.close()
    }

    private func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
