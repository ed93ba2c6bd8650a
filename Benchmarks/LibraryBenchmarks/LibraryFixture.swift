import Foundation
import Library

/// The synthetic library as a real SQLite file, made once per machine through the scanner
/// and reopened by every benchmark process (the benchmark tool runs each benchmark in a
/// process of its own).
///
/// The file lies in `$BENCH_DIR/library-100k` (default `/tmp/rondo-bench`). It is made by
/// walking 100,500 empty `.mp3` files and a playlist with ``LibraryScanner`` and a
/// ``SyntheticTagReader``, so every row goes through the scanner's batches, re-rankings and
/// FTS triggers; the files are deleted afterwards, the database keeps their paths. A `ready`
/// file records that the scan finished and how long it took; delete the directory to make it
/// again.
struct LibraryFixture: Sendable {
    /// The fixture of this process, made or opened on first use.
    static let shared = Result { try LibraryFixture() }

    let store: LibraryStore
    let tree: BrowseTree
    /// Every genre in browse order, with its number of tracks.
    let genres: [CatalogGenre]
    /// Albums in the Albums list.
    let albumCount: Int

    private init() throws {
        let directory = Self.directory
        let databasePath = directory + "/library.sqlite"
        let readyPath = directory + "/ready"
        if !FileManager.default.fileExists(atPath: readyPath) {
            try? FileManager.default.removeItem(atPath: directory)
            let report = try Self.make(databasePath: databasePath, musicDirectory: directory + "/music")
            try report.write(toFile: readyPath, atomically: true, encoding: .utf8)
            FileHandle.standardError.write(Data(report.utf8))
        }
        store = LibraryStore(database: try LibraryDatabase(path: databasePath))
        tree = BrowseTree(catalog: store, musicDirectory: directory + "/music")
        let genreCount = try store.count(.genres)
        genres = try store.entries(.genres, in: 0..<genreCount).compactMap { entry in
            if case .genre(let genre) = entry { genre } else { nil }
        }
        albumCount = try store.count(.albums)
        guard try store.count(.songs) == SyntheticLibrary.songCount,
            try store.count(.artists) == SyntheticLibrary.artistCount,
            albumCount == SyntheticLibrary.artistCount * SyntheticLibrary.albumsPerArtist
        else { throw FixtureError.unexpectedShape(databasePath) }
    }

    /// Where the fixture lives.
    static var directory: String {
        let base = ProcessInfo.processInfo.environment["BENCH_DIR"] ?? "/tmp/rondo-bench"
        return URL(fileURLWithPath: base).appendingPathComponent("library-100k").standardizedFileURL.path
    }

    /// Writes the synthetic files, scans them into a new database, removes them, and says
    /// what was made.
    private static func make(databasePath: String, musicDirectory: String) throws -> String {
        let library = SyntheticLibrary()
        let files = FileManager.default
        var tagsByPath: [String: ScannedTags] = [:]
        for file in library.files {
            let path = musicDirectory + "/" + file.relativePath
            try files.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard files.createFile(atPath: path, contents: nil) else { throw FixtureError.cannotCreate(path) }
            tagsByPath[path] = file.tags
        }
        let playlistPath = musicDirectory + "/" + SyntheticLibrary.playlistPath
        try files.createDirectory(
            atPath: (playlistPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try library.playlistText.write(toFile: playlistPath, atomically: false, encoding: .utf8)

        let clock = ContinuousClock()
        let started = clock.now
        let summary = try scan(
            databasePath: databasePath, musicDirectory: musicDirectory,
            reader: SyntheticTagReader(tagsByPath: tagsByPath))
        let elapsed = started.duration(to: clock.now)
        guard summary.added == library.files.count, summary.problems == 0 else {
            throw FixtureError.incompleteScan(summary)
        }
        try files.removeItem(atPath: musicDirectory)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return "scanned \(summary.added) tracks and 1 playlist in \(String(format: "%.1f", seconds)) s\n"
    }

    /// One full scan into a database opened and closed here, so that its file is complete
    /// when the fixture is marked ready.
    private static func scan(databasePath: String, musicDirectory: String, reader: SyntheticTagReader) throws
        -> ScanSummary
    {
        let store = LibraryStore(database: try LibraryDatabase(path: databasePath))
        let scanner = LibraryScanner(store: store, tagReader: reader, musicDirectory: musicDirectory)
        return try scanner.scan(progress: { _ in })
    }
}

/// Why the fixture could not be made or opened.
enum FixtureError: Error, CustomStringConvertible {
    case cannotCreate(String)
    case incompleteScan(ScanSummary)
    case unexpectedShape(String)

    var description: String {
        switch self {
        case .cannotCreate(let path): "cannot create \(path)"
        case .incompleteScan(let summary): "the scan took in \(summary.added) files with \(summary.problems) problems"
        case .unexpectedShape(let path): "\(path) does not hold the synthetic library; delete its directory"
        }
    }
}
