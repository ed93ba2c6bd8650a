import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// A damaged database never stops the daemon from keeping state: it is moved aside (never
/// deleted), a new one is made, the music directory is scanned again, and the log and
/// `daemon.info` say where the old file went.
struct DamagedDatabaseTests {
    /// A daemon whose database was cut short moves it aside, rescans the music directory into
    /// a new database, and keeps its queue across the next restart.
    @Test(arguments: ["truncated", "foreign text"])
    func damagedDatabaseIsMovedAsideAndTheLibraryRebuilt(damage: String) throws {
        let first = try DaemonProcess(pulseServer: nil)
        try FileManager.default.copyItem(atPath: Fixtures.path("tone440.mp3"), toPath: first.directory.appending("song.mp3"))
        _ = try first.client().call(Methods.LibraryScan.self, LibraryScanParams())
        #expect(first.stop() == 0)
        let database = first.directory.appending("library.sqlite")
        let original = try Data(contentsOf: URL(fileURLWithPath: database))
        let damaged = damage == "truncated" ? original.prefix(original.count / 2) : Data(String(repeating: "notes\n", count: 900).utf8)
        try damaged.write(to: URL(fileURLWithPath: database))

        let second = try DaemonProcess(pulseServer: nil, restarting: first)
        let client = try second.client()
        let info = try client.call(Methods.DaemonInfoMethod.self)
        let movedTo = try #require(info.damagedDatabase?.movedTo, "\(second.log)")
        #expect(movedTo.hasPrefix(database + ".damaged-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == damaged)
        #expect(second.log.contains("moved it to \(movedTo)"), "\(second.log)")
        #expect(try eventually(within: 10) { try client.call(Methods.LibraryStats.self).tracks == 1 })

        let song = first.directory.appending("song.mp3")
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [song, song, song]))
        #expect(second.stop() == 0)
        let third = try DaemonProcess(pulseServer: nil, restarting: second)
        defer { _ = third.stop() }
        let again = try third.client()
        #expect(try again.call(Methods.QueueGet.self, QueueGetParams()).count == 3)
        #expect(try again.call(Methods.DaemonInfoMethod.self).damagedDatabase == nil)
    }
}
