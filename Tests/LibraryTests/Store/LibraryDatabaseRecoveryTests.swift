import Foundation
import Library
import RondoTesting
import Testing

/// A damaged or foreign database is moved aside, never deleted, and a new one made in its place.
@Suite struct LibraryDatabaseRecoveryTests {
    private static let now = Date(timeIntervalSince1970: 1_795_000_000)
    private static let stamp = "20261118T110640Z"

    /// Writes a sound database holding a 2,000-entry queue and returns its size in bytes.
    @discardableResult
    private func writeSoundDatabase(_ fixture: DatabaseFixture) throws -> Int {
        let database = try fixture.open()
        try PlaybackStateStore(database: database).save(sampleState(count: 2000))
        try database.close()
        return try Data(contentsOf: URL(fileURLWithPath: fixture.path)).count
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Opens with recovery and checks the old file went to `PATH.damaged-<UTC time>` byte for
    /// byte, the reason is `reason`, and the new database is empty and writable.
    private func expectMovedAside(_ fixture: DatabaseFixture, original: Data, reason: StoreError) throws {
        let (database, movedAside) = try LibraryDatabase.openMovingAsideDamage(path: fixture.path, now: Self.now)
        let expectedPath = fixture.path + ".damaged-" + Self.stamp
        #expect(movedAside?.path == expectedPath)
        #expect(movedAside?.reason == reason)
        #expect(try bytes(expectedPath) == original)
        #expect(try database.appliedMigrations() == LibraryDatabase.migrationNames)
        let store = PlaybackStateStore(database: database)
        #expect(try store.load() == nil)
        try store.save(sampleState(count: 3))
        #expect(try store.load() == sampleState(count: 3))
    }

    /// A text file where the database should be is moved aside as "not a database".
    @Test func aFileThatIsNotADatabaseIsMovedAside() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(
            atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = Data(String(repeating: "not pages\n", count: 500).utf8)
        try text.write(to: URL(fileURLWithPath: fixture.path))
        try expectMovedAside(fixture, original: text, reason: .notADatabase(path: fixture.path))
    }

    /// Another program's SQLite database is moved aside, not migrated or written into.
    @Test func aForeignDatabaseIsMovedAside() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        try RawDatabase.create(at: fixture.path, applicationID: 42, tables: ["songs"])
        try expectMovedAside(fixture, original: try bytes(fixture.path), reason: .foreignDatabase(path: fixture.path))
    }

    /// A database cut short (its second half lost) is found damaged and moved aside.
    @Test func aTruncatedDatabaseIsMovedAside() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let size = try writeSoundDatabase(fixture)
        let truncated = try bytes(fixture.path).prefix(size / 2)
        try truncated.write(to: URL(fileURLWithPath: fixture.path))
        try expectMovedAside(fixture, original: truncated, reason: .corrupt(path: fixture.path))
    }

    /// Random bytes written over three pages in the middle of a database are found at open
    /// (quick check) and the file is moved aside before anything writes into it.
    @Test(arguments: [0.3, 0.5, 0.8])
    func damageInTheMiddleIsMovedAside(at fraction: Double) throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let size = try writeSoundDatabase(fixture)
        var damaged = try bytes(fixture.path)
        let pageSize = 4096
        let page = Int(Double(size / pageSize) * fraction)
        var generator = SplitMix64(seed: UInt64(page))
        for offset in (page * pageSize)..<((page + 3) * pageSize) {
            damaged[offset] = UInt8(truncatingIfNeeded: generator.next())
        }
        try damaged.write(to: URL(fileURLWithPath: fixture.path))
        try expectMovedAside(fixture, original: damaged, reason: .corrupt(path: fixture.path))
    }

    /// A sound database is opened as it is, its contents kept.
    @Test func aSoundDatabaseIsKept() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        try writeSoundDatabase(fixture)
        let (database, movedAside) = try LibraryDatabase.openMovingAsideDamage(path: fixture.path, now: Self.now)
        #expect(movedAside == nil)
        #expect(try PlaybackStateStore(database: database).load() == sampleState(count: 2000))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + ".damaged-" + Self.stamp))
    }

    /// A file a newer Rondo wrote is not damage: it is refused and left where it is.
    @Test func aNewerSchemaIsRefusedNotMoved() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        try fixture.open().close()
        try RawDatabase.recordMigration("v9-from-the-future", at: fixture.path)
        #expect(throws: StoreError.schemaTooNew(path: fixture.path, unknownMigrations: ["v9-from-the-future"])) {
            try LibraryDatabase.openMovingAsideDamage(path: fixture.path, now: Self.now)
        }
        #expect(FileManager.default.fileExists(atPath: fixture.path))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + ".damaged-" + Self.stamp))
    }

    /// A second damaged file in the same second does not overwrite the first one moved aside,
    /// and a damaged file's `-wal` goes with it.
    @Test func movedFilesNeverOverwriteEachOther() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(
            atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let first = Data("first damaged file".utf8)
        let second = Data("second damaged file".utf8)
        let wal = Data("its write-ahead log".utf8)
        try first.write(to: URL(fileURLWithPath: fixture.path))
        _ = try LibraryDatabase.openMovingAsideDamage(path: fixture.path, now: Self.now).database.close()
        try FileManager.default.removeItem(atPath: fixture.path)
        try? FileManager.default.removeItem(atPath: fixture.path + "-wal")
        try? FileManager.default.removeItem(atPath: fixture.path + "-shm")
        try second.write(to: URL(fileURLWithPath: fixture.path))
        try wal.write(to: URL(fileURLWithPath: fixture.path + "-wal"))
        let (_, movedAside) = try LibraryDatabase.openMovingAsideDamage(path: fixture.path, now: Self.now)
        let base = fixture.path + ".damaged-" + Self.stamp
        #expect(movedAside?.path == base + "-2")
        #expect(try bytes(base) == first)
        #expect(try bytes(base + "-2") == second)
        #expect(try bytes(base + "-2-wal") == wal)
    }
}
