import Foundation
import Library
import RondoTesting
import Testing

/// Folder covers (``FolderCover``): which file of a folder is its cover, and the library's
/// use of it. A track that embeds no picture shows its folder's cover; one that embeds a
/// picture keeps its own; a cover that comes, changes or goes is seen by the next scan,
/// which reads again only that folder's tracks; each cover is read once per scan.
struct FolderCoverTests {
    @Test(arguments: [
        ("cover.jpg", 0), ("Cover.JPG", 0), ("COVER.jpeg", 1), ("cover.png", 2), ("cover.webp", 3), ("folder.jpg", 4),
        ("front.png", 10), ("album.webp", 15),
    ])
    func coverNamesRankByNameThenExtension(name: String, rank: Int) {
        #expect(FolderCover.rank(of: Array(name.utf8)) == rank)
    }

    @Test(arguments: ["cover", "cover.gif", "covers.jpg", "back.jpg", "cover.jpg.txt", ".jpg", "album art.jpg"])
    func otherNamesAreNoCovers(name: String) {
        #expect(FolderCover.rank(of: Array(name.utf8)) == nil)
    }

    @Test func theFolderCoverIsTheBestRankedName() {
        #expect(FolderCover.chosen(among: ["01.mp3", "front.jpg", "folder.png", "notes.txt"]) == "folder.png")
        #expect(FolderCover.chosen(among: ["cover.png", "Cover.jpg", "cover.JPG"]) == "Cover.jpg")
        #expect(FolderCover.chosen(among: ["01.mp3", "scan.jpg"]) == nil)
    }

    /// The folder's cover is what its tracks without a picture show, read once per tag-reading
    /// thread at most, not once per track: threads that find it unread at once may each read it
    /// (``FolderCovers`` reads outside its lock) and keep the same result.
    @Test func aTrackWithoutAPictureShowsItsFolderCover() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let one = try library.add("A/one.mp3", ["title": "One"])
        let two = try library.add("A/two.mp3", ["title": "Two"])
        let more = try (0..<40).map { try library.add("A/more\($0).mp3", ["title": "More \($0)"]) }
        let own = try library.add("A/three.mp3", ["title": "Three", "picture": "/cache/embedded.jpg"])
        let elsewhere = try library.add("B/four.mp3", ["title": "Four"])
        let cover = try library.addImage("A/Folder.JPG")
        try library.addImage("A/back.jpg")
        try library.scan()
        #expect(try library.store.track(atPath: one)?.artwork?.path == cover)
        #expect(try library.store.track(atPath: two)?.artwork?.path == cover)
        #expect(try library.store.track(atPath: own)?.artwork?.path == "/cache/embedded.jpg")
        #expect(try library.store.track(atPath: elsewhere)?.artwork == nil)
        #expect(try more.allSatisfy { try library.store.track(atPath: $0)?.artwork?.path == cover })
        let threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
        #expect(
            (1...threads).contains(library.reader.coverReadCount),
            "one cover read \(library.reader.coverReadCount) times for the 42 tracks that show it, by at most \(threads) threads")
    }

    @Test func aCoverThatComesChangesOrGoesIsSeenByTheNextScan() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let one = try library.add("A/one.mp3", ["title": "One"])
        try library.add("B/two.mp3", ["title": "Two"])
        try library.scan()
        #expect(try library.store.track(atPath: one)?.artwork == nil)
        #expect(library.reader.readCount == 2)

        let png = try library.addImage("A/cover.png")
        try library.scan()
        #expect(try library.store.track(atPath: one)?.artwork?.path == png)
        #expect(library.reader.readCount == 3, "only the folder whose cover came is read again")

        let jpeg = try library.addImage("A/cover.jpg")
        try library.scan()
        #expect(try library.store.track(atPath: one)?.artwork?.path == jpeg, "the better name wins")

        try library.addImage("A/cover.jpg", bytes: 2048)
        try library.scan()
        #expect(library.reader.readCount == 5, "a changed cover is read again")

        try FileManager.default.removeItem(atPath: jpeg)
        try FileManager.default.removeItem(atPath: png)
        try library.scan()
        #expect(try library.store.track(atPath: one)?.artwork == nil)
        #expect(library.reader.readCount == 6)

        try library.scan()
        #expect(library.reader.readCount == 6, "an unchanged rescan reads nothing")
    }
}

extension LibraryFixture {
    /// Writes `bytes` bytes standing for an image at `relativePath` in the music directory;
    /// returns its absolute path.
    @discardableResult
    func addImage(_ relativePath: String, bytes: Int = 1024) throws -> String {
        let path = music + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0xFF, count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
