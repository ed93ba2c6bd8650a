import ContentIdentifiers
import Foundation
import GRDB
import RondoTesting
import Testing

@testable import Library

/// The radio stations in the library's database: added, renamed, listed by name, removed,
/// searched, browsed, kept across reopening and scans, and added to a database from before.
@Suite struct LibraryStoreStationsTests {
    private static let jazz = "https://radio.example:8000/jazz.mp3"

    private func draft(_ url: String, _ name: String? = nil, artwork: String? = nil) throws -> StationDraft {
        try StationDraft(url: url, name: name, artworkURL: artwork)
    }

    /// A station is added under the name given, with the identifier its URL makes, and listed;
    /// removing it by identifier leaves no station.
    @Test func addsListsAndRemoves() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let added = try library.store.addStation(draft(Self.jazz, "Jazz FM", artwork: "https://radio.example/logo.png")).station
        #expect(added.identifier == "rondo:station:" + FNV1a.hexDigest(Self.jazz.utf8))
        #expect(added.name == "Jazz FM")
        #expect(try library.store.stations() == [added])
        #expect(added.artworkURL == "https://radio.example/logo.png")
        try library.store.removeStation(identifier: added.identifier)
        #expect(try library.store.stations().isEmpty)
    }

    /// Without a name a new station is named after its URL's host.
    @Test func isNamedAfterItsHostWithoutAName() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        #expect(try library.store.addStation(draft(Self.jazz)).station.name == "radio.example")
    }

    /// Adding the same URL again gives the same station: renamed when a name is given, its
    /// name and artwork kept when not, never a second row.
    @Test func addingTheSameURLAgainKeepsOneStation() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let first = try library.store.addStation(draft(Self.jazz, "Jazz", artwork: "https://radio.example/a.png"))
        #expect(first.change == .added)
        let again = try library.store.addStation(draft(Self.jazz))
        #expect(again.station == first.station)
        #expect(again.change == .unchanged)
        let renamed = try library.store.addStation(draft(Self.jazz, "Jazz FM"))
        #expect(renamed.change == .updated)
        #expect(renamed.station.identifier == first.station.identifier)
        #expect(renamed.station.id == first.station.id)
        #expect(renamed.station.name == "Jazz FM")
        #expect(renamed.station.artworkURL == "https://radio.example/a.png")
        let pictured = try library.store.addStation(draft(Self.jazz, artwork: "https://radio.example/b.png")).station
        #expect(pictured.name == "Jazz FM")
        #expect(pictured.artworkURL == "https://radio.example/b.png")
        #expect(try library.store.stations() == [pictured])
    }

    /// Removing an identifier no station has is `notFound`, and removes nothing.
    @Test func removingAnUnknownStationIsNotFound() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let kept = try library.store.addStation(draft(Self.jazz)).station
        #expect(throws: StationError.notFound(identifier: "rondo:station:0000000000000000")) {
            try library.store.removeStation(identifier: "rondo:station:0000000000000000")
        }
        #expect(try library.store.stations() == [kept])
    }

    /// Stations are listed and browsed by name, case and accents folded, then URL; each is
    /// found by its identifier; the library of tracks stays empty.
    @Test func browsesStationsByName() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        for (url, name) in [("http://z/1", "Zeta"), ("http://e/1", "éclair"), ("http://a/2", "alpha"), ("http://a/1", "Alpha")] {
            _ = try library.store.addStation(draft(url, name)).station
        }
        let names = ["Alpha", "alpha", "éclair", "Zeta"]
        #expect(try library.store.stations().map(\.name) == names)
        #expect(try library.all(.stations).map(\.title) == names)
        #expect(try library.store.count(.stations) == 4)
        #expect(try library.store.entries(.stations, in: 1..<3).map(\.title) == ["alpha", "éclair"])
        let zeta = try #require(try library.store.stations().last)
        #expect(try library.store.entry(forIdentifier: zeta.identifier) == .station(zeta))
        #expect(try library.store.isEmpty())
    }

    /// A station is found by the words of its name, as it is named now, beside tracks that match.
    @Test func searchFindsStationsByName() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("a.mp3", ["title": "Jazz Standards", "artist": "Trio"])
        try library.scan()
        let station = try library.store.addStation(draft(Self.jazz, "Smooth Jazz Radio")).station
        let found = try library.store.search("jazz", limit: 10)
        #expect(found.contains(.station(station)))
        #expect(found.contains { $0.title == "Jazz Standards" })
        #expect(try library.store.search("smoo rad", limit: 10) == [.station(station)])
        let renamed = try library.store.addStation(draft(Self.jazz, "Late Night")).station
        #expect(try library.store.search("smooth", limit: 10).isEmpty)
        #expect(try library.store.search("late", limit: 10) == [.station(renamed)])
        try library.store.removeStation(identifier: station.identifier)
        #expect(try library.store.search("late", limit: 10).isEmpty)
    }

    /// Scans never touch stations: not a first scan, a full rescan, nor one that removes every track.
    @Test func scansLeaveStationsAlone() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let station = try library.store.addStation(draft(Self.jazz, "Jazz FM")).station
        let file = try library.add("a.mp3", ["title": "Song"])
        try library.scan()
        try library.scan(full: true)
        try FileManager.default.removeItem(atPath: file)
        #expect(try library.scan().removed == 1)
        #expect(try library.store.stations() == [station])
        #expect(try library.store.search("jazz", limit: 5) == [.station(station)])
    }

    /// Stations are on disk once added: a database opened again lists them.
    @Test func stationsSurviveReopening() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let first = try fixture.open()
        let station = try LibraryStore(database: first).addStation(draft(Self.jazz, "Jazz FM")).station
        try first.close()
        let again = try fixture.open()
        defer { try? again.close() }
        #expect(try LibraryStore(database: again).stations() == [station])
    }

    /// A database from before stations (at `v5-replaygain`) is migrated when opened: its
    /// tracks are kept and still found, and stations can be added, listed and searched.
    @Test func aDatabaseFromBeforeStationsMigrates() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-stations")
        defer { directory.remove() }
        let path = directory.appending("library.sqlite")
        let queue = try DatabaseQueue(path: path)
        try LibraryDatabase.makeMigrator().migrate(queue, upTo: "v5-replaygain")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO album (id, key, identifier, title, title_sort, artist_name, artist_sort, is_spoken_word)
                        VALUES (1, 'k', 'rondo:album:k', 'Kind of Blue', 'kind of blue', 'Miles Davis', 'miles davis', 0);
                    INSERT INTO track (id, path, identifier, size, mtime, title, title_sort, artist, artist_sort,
                        album_title, is_spoken_word, album_id)
                        VALUES (1, '/m/a.mp3', 'rondo:track:a', 1, 1, 'So What', 'so what', 'Miles Davis', 'miles davis',
                            'Kind of Blue', 0, 1);
                    """)
        }
        #expect(try queue.read { try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'station')") } == false)
        try queue.close()

        let database = try LibraryDatabase(path: path)
        defer { try? database.close() }
        #expect(try database.appliedMigrations().contains("v6-stations"))
        let store = LibraryStore(database: database)
        #expect(try store.search("so what", limit: 5).map(\.title) == ["So What"])
        let station = try store.addStation(draft(Self.jazz, "Blue Note Radio")).station
        #expect(try store.stations() == [station])
        #expect(try store.search("blue", limit: 5).contains(.station(station)))
        #expect(try store.search("blue", limit: 5).contains { $0.title == "Kind of Blue" })
    }
}
