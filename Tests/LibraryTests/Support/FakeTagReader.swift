import Foundation
import Library
import RondoTesting
import Synchronization
import TagReading

/// A ``TagReader`` over text files of `key=value` lines (`title=…`, `artist=…`, `album=…`,
/// `albumArtist=…`, `genre=…`, `disc=…`, `track=…`, `year=…`, `duration=…`,
/// `chapters=TITLE@START;…` with an empty title for an untitled one, `picture=PATH` for an
/// embedded cover kept at PATH, `MUSICBRAINZ_…ID=…`), counting the files it reads;
/// `fail=empty|truncated|notMP3|oversized|unreadable` makes it refuse one. A folder cover is
/// kept where it is, and its reads are counted too.
final class FakeTagReader: TagReader {
    private let reads = Mutex(0)
    private let coverReads = Mutex(0)

    /// Files read so far.
    var readCount: Int { reads.withLock { $0 } }

    /// Folder covers read so far.
    var coverReadCount: Int { coverReads.withLock { $0 } }

    func folderCover(at path: String) -> CatalogArtwork? {
        coverReads.withLock { $0 += 1 }
        return CatalogArtwork(path: path, mimeType: "image/jpeg", width: nil, height: nil)
    }

    func readTags(at path: String) throws(TagReadFailure) -> ScannedTags {
        reads.withLock { $0 += 1 }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .unreadable(reason: "cannot read \(path)")
        }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        switch values["fail"] {
        case "empty": throw .empty
        case "truncated": throw .truncated
        case "notMP3": throw .notMP3
        case "oversized": throw .oversizedTag(bytes: 16 << 20)
        case "unreadable": throw .unreadable(reason: "test")
        default: break
        }
        let duration = values["duration"].flatMap { Double($0) } ?? 60
        var tags = ScannedTags(
            title: values["title"], artist: values["artist"], albumTitle: values["album"],
            albumArtist: values["albumArtist"], genre: values["genre"], discNumber: values["disc"].flatMap { Int($0) },
            trackNumber: values["track"].flatMap { Int($0) }, year: values["year"].flatMap { Int($0) },
            duration: duration,
            artwork: values["picture"].map { CatalogArtwork(path: $0, mimeType: "image/jpeg", width: nil, height: nil) },
            chapters: values["chapters"].map { Self.chapters($0, duration: duration) } ?? [])
        for (key, value) in values { tags.musicBrainz.record(key, value) }
        return tags
    }

    /// `TITLE@START;…` as chapters, each lasting until the next or the end.
    private static func chapters(_ text: String, duration: Double) -> [ScannedChapter] {
        let marks = text.split(separator: ";").map { mark in
            let parts = mark.split(separator: "@", omittingEmptySubsequences: false)
            return (title: parts[0].isEmpty ? nil : String(parts[0]), start: Double(parts[1]) ?? 0)
        }
        return marks.enumerated().map { index, mark in
            let end = index + 1 < marks.count ? marks[index + 1].start : duration
            return ScannedChapter(title: mark.title, start: mark.start, duration: end - mark.start)
        }
    }
}

/// A music directory and a database in one temporary directory, with a scanner over them.
struct LibraryFixture {
    let directory: TemporaryDirectory
    let music: String
    let database: LibraryDatabase
    let store: LibraryStore
    let reader = FakeTagReader()
    let scanner: LibraryScanner

    init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-scan")
        music = directory.appending("music").replacingOccurrences(of: "//", with: "/")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        database = try LibraryDatabase(path: directory.appending("library.sqlite"))
        store = LibraryStore(database: database)
        scanner = LibraryScanner(store: store, tagReader: reader, musicDirectory: music)
    }

    /// Writes a fake audio file at `relativePath` in the music directory with `tags`
    /// (`["title": "A", …]`); returns its absolute path.
    @discardableResult
    func add(_ relativePath: String, _ tags: [String: String] = [:]) throws -> String {
        let path = music + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = tags.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Scans (all of the music directory unless `path` is given) and returns the summary.
    @discardableResult
    func scan(_ path: String? = nil, full: Bool = false) throws -> ScanSummary {
        try scanner.scan(under: path, full: full) { _ in }
    }

    /// Every entry of `list`, read one position at a time, as browsing does.
    func all(_ list: CatalogList) throws -> [CatalogEntry] {
        let count = try store.count(list)
        return try (0..<count).flatMap { try store.entries(list, in: $0..<$0 + 1) }
    }

    func remove() {
        try? database.close()
        directory.remove()
    }
}

extension CatalogEntry {
    /// The entry's row id.
    var id: Int64 {
        switch self {
        case .artist(let artist): artist.id
        case .album(let album), .show(let album): album.id
        case .genre(let genre): genre.id
        case .playlist(let playlist): playlist.id
        case .track(let track): track.id
        case .station(let station): station.id
        case .chapter(let chapter): chapter.track.id
        case .podcast(let podcast): podcast.id
        }
    }
}
