import Foundation
import Library
import Testing

@Suite struct LibraryDatabaseTests {
    /// Opening a path that does not exist creates its directory and the file at the latest schema.
    @Test func createsAndMigratesFromEmpty() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        #expect(FileManager.default.fileExists(atPath: fixture.path))
        #expect(try database.appliedMigrations() == LibraryDatabase.migrationNames)
        #expect(
            LibraryDatabase.migrationNames == [
                "v1-daemon-state", "v2-library", "v3-output", "v4-search-by-kind", "v5-replaygain", "v6-stations", "v7-resume-rate", "v8-chapters",
                "v9-podcasts",
                "v10-saved-playlists", "v11-album-lists", "v12-folder-covers", "v13-musicbrainz-ids", "v14-stickers",
            ])
        #expect(try PlaybackStateStore(database: database).load() == nil)
    }

    /// Reopening a migrated file runs nothing again and keeps its contents.
    @Test func reopeningIsIdempotent() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let first = try fixture.open()
        try PlaybackStateStore(database: first).save(sampleState(count: 3))
        try first.close()
        for _ in 0..<3 {
            let again = try fixture.open()
            #expect(try again.appliedMigrations() == LibraryDatabase.migrationNames)
            #expect(try PlaybackStateStore(database: again).load() == sampleState(count: 3))
            try again.close()
        }
    }

    /// The writer connection really runs in WAL mode with synchronous=NORMAL and foreign keys on.
    @Test func connectionSettingsHold() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        #expect(try database.connectionSettings() == ConnectionSettings(journalMode: "wal", synchronous: 1, foreignKeys: true))
        #expect(FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    }

    /// A file that is not SQLite is refused with a clear error and left byte for byte as it was.
    @Test func rejectsAFileThatIsNotADatabase() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let text = Data(String(repeating: "these are not the pages you are looking for\n", count: 200).utf8)
        try FileManager.default.createDirectory(
            atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(to: URL(fileURLWithPath: fixture.path))
        let error = #expect(throws: StoreError.self) { try fixture.open() }
        #expect(error == .notADatabase(path: fixture.path))
        #expect(error?.description.contains("is not an SQLite database") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == text)
    }

    /// A database another program made is refused, not migrated.
    @Test func rejectsAForeignDatabase() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        try RawDatabase.create(at: fixture.path, applicationID: 0, tables: ["songs"])
        #expect(throws: StoreError.foreignDatabase(path: fixture.path)) { try fixture.open() }
        try RawDatabase.create(at: fixture.path, applicationID: 42, tables: [])
        #expect(throws: StoreError.foreignDatabase(path: fixture.path)) { try fixture.open() }
    }

    /// A file a newer Rondo migrated is refused, naming the migrations this build does not know.
    @Test func rejectsANewerSchema() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        try fixture.open().close()
        try RawDatabase.recordMigration("v9-from-the-future", at: fixture.path)
        let error = #expect(throws: StoreError.self) { try fixture.open() }
        #expect(error == .schemaTooNew(path: fixture.path, unknownMigrations: ["v9-from-the-future"]))
        #expect(error?.description.contains("newer Rondo") == true)
    }
}
