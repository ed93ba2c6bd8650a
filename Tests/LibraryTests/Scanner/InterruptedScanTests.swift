import Foundation
import Glibc
import Testing

@testable import Library

/// A scan killed after writing a batch but before re-ranking the lists (the daemon killed
/// mid-scan): the next scan, though it finds nothing new to read, ranks what was written.
struct InterruptedScanTests {
    /// Only the first file was ever read; the second came from the killed scan's batch.
    @Test func theNextScanRanksWhatAKilledScanWrote() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        _ = try library.add("a.mp3", ["title": "A"])
        _ = try library.scan()
        let path = try library.add("b.mp3", ["title": "B"])
        var info = stat()
        try #require(stat(path, &info) == 0)
        let stamp = FileStamp(size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        try library.store.write([
            .track(ScannedTrack(path: path, stamp: stamp, tags: ScannedTags(title: "B"), isSpokenWord: false))
        ])
        #expect(try library.store.count(.songs) == 1)

        #expect(try library.scan() == ScanSummary())
        #expect(library.reader.readCount == 1)
        #expect(try library.store.count(.songs) == 2)
        #expect(try library.store.stats().lastScan != nil)
    }
}
