import Foundation
import GRDB
import RondoTesting
import Testing

@testable import Library

/// Chapters as the scanner stores them in a real SQLite file: listed in order under their
/// track, found by identifier, replaced when the file changes, gone with the file.
struct LibraryStoreChapterTests {
    /// A book of one file with chapters: the show names that file, the file counts its
    /// chapters, and the chapters come back in order with their lengths and identifiers.
    @Test func aScannedBookListsItsChapters() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let path = try library.add(
            "Books/Three.m4b",
            ["title": "Three", "album": "Three", "genre": "Audiobook", "duration": "6", "chapters": "Low@0;@2;High@4"])
        try library.add("Books/Other/1.mp3", ["title": "One", "album": "Other", "genre": "Audiobook", "track": "1"])
        try library.add("Books/Other/2.mp3", ["title": "Two", "album": "Other", "genre": "Audiobook", "track": "2", "chapters": "A@0"])
        try library.scan()

        let shows = try library.all(.spokenShows)
        guard case .show(let book) = try #require(shows.first { $0.title == "Three" }),
            case .show(let other) = try #require(shows.first { $0.title == "Other" })
        else {
            Issue.record("not shows: \(shows)")
            return
        }
        #expect(other.chapteredTrack == nil, "a show of two files lists its files")
        let trackID = try #require(book.chapteredTrack)
        guard case .track(let track) = try #require(try library.all(.tracksOfShow(book.id)).first) else {
            Issue.record("not a track")
            return
        }
        #expect(track.id == trackID && track.chapterCount == 3)

        let chapters = try library.all(.chaptersOf(track: trackID)).compactMap { entry -> CatalogChapter? in
            if case .chapter(let chapter) = entry { chapter } else { nil }
        }
        #expect(chapters.map(\.title) == ["Low", nil, "High"])
        #expect(chapters.map(\.start) == [0, 2, 4])
        #expect(chapters.map(\.duration) == [2, 2, 2])
        #expect(chapters.map(\.track.path) == [path, path, path])
        #expect(try library.store.count(.chaptersOf(track: trackID)) == 3)
        for chapter in chapters {
            #expect(try library.store.entry(forIdentifier: chapter.identifier) == .chapter(chapter))
        }
        #expect(chapters[1].identifier == track.identifier.replacingOccurrences(of: "rondo:track:", with: "rondo:chapter:") + ":1")
        #expect(try library.store.entry(forIdentifier: chapters[0].identifier + "9") == nil)
    }

    /// A file tagged again with other chapters has those after a rescan; one that lost them
    /// is a plain track again; a removed file leaves no chapter behind.
    @Test func rescansReplaceAndRemoveChapters() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let tags = ["title": "Book", "album": "Book", "genre": "Audiobook", "duration": "10"]
        let path = try library.add("Book.m4b", tags.merging(["chapters": "One@0;Two@5"]) { $1 })
        try library.scan()
        let id = try #require(try trackID(library))
        #expect(try library.store.count(.chaptersOf(track: id)) == 2)

        try library.add("Book.m4b", tags.merging(["chapters": "A@0;B@3;C@6;D@9"]) { $1 })
        try setModificationTime(path, to: 1_000)
        try library.scan()
        #expect(try library.all(.chaptersOf(track: id)).map(\.title) == ["A", "B", "C", "D"])

        try library.add("Book.m4b", tags)
        try setModificationTime(path, to: 2_000)
        try library.scan()
        #expect(try library.store.count(.chaptersOf(track: id)) == 0)
        guard case .show(let show) = try #require(try library.all(.spokenShows).first) else { return }
        #expect(show.chapteredTrack == nil)

        try library.add("Book.m4b", tags.merging(["chapters": "One@0;Two@5"]) { $1 })
        try setModificationTime(path, to: 3_000)
        try library.scan()
        try FileManager.default.removeItem(atPath: path)
        try library.scan()
        let left = try library.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM chapter") }
        #expect(left == 0)
    }

    private func setModificationTime(_ path: String, to seconds: Int) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
    }

    private func trackID(_ library: LibraryFixture) throws -> Int64? {
        guard case .show(let show) = try library.all(.spokenShows).first else { return nil }
        return show.chapteredTrack
    }
}
