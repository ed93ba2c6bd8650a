import Audio
import Foundation
import Library
import RondoTesting
import Synchronization
import TagReading
import Testing

/// The scanner on a corpus of real MP3 files made by `Tests/Fixtures/make-library-corpus.sh`,
/// read through libmpg123 as the daemon reads them. For a timing run, `RONDO_CORPUS_COUNT`
/// sets the number of music tracks (default 300) and `RONDO_CORPUS_DIR` names a corpus made
/// beforehand with that count (so its making is not measured); the rate is printed.
struct CorpusScanTests {
    /// Every bad file of the corpus is listed with its reason, the good ones are all in, the
    /// playlist resolves, and a rescan reads nothing.
    @Test func scansTheCorpus() throws {
        let count = ProcessInfo.processInfo.environment["RONDO_CORPUS_COUNT"].flatMap { Int($0) } ?? 300
        let directory = try TemporaryDirectory(prefix: "rondo-corpus")
        defer { directory.remove() }
        let environment = ProcessInfo.processInfo.environment
        let music = environment["RONDO_CORPUS_DIR"] ?? directory.appending("music").replacingOccurrences(of: "//", with: "/")
        if environment["RONDO_CORPUS_DIR"] == nil {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/make-library-corpus.sh").path
            let made = Subprocess.capture([script, music, String(count)])
            try #require(made.status == 0, "\(made.stderr)")
        }
        let database = try LibraryDatabase(path: directory.appending("library.sqlite"))
        defer { try? database.close() }
        let store = LibraryStore(database: database)
        let reader = CountingTagReader()
        let scanner = LibraryScanner(store: store, tagReader: reader, musicDirectory: music)

        let start = ContinuousClock.now
        let summary = try scanner.scan { _ in }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("scanned \(count + 13) files in \(seconds) s: \(Int(Double(count + 13) / seconds)) files/s")

        #expect(summary == ScanSummary(added: count + 8, problems: 5))
        let problems = try store.problems()
        #expect(
            problems.map { ($0.path as NSString).lastPathComponent }
                == ["empty.mp3", "oversized-tag.mp3", "random.mp3", "text.mp3", "truncated.mp3"])
        #expect(
            problems.map(\.reason) == [
                "empty file", "oversized tag: the ID3v2 tag declares 16777226 bytes",
                "not an MP3 file: no MPEG audio frames found", "not an MP3 file: no MPEG audio frames found",
                "truncated: the file ends before a complete MP3 frame",
            ])
        #expect(try store.count(.spokenShows) == 3)
        let playlist = try #require(try store.entries(.playlists, in: 0..<1).first)
        #expect(try store.count(.tracksOfPlaylist(playlist.playlistID)) == 6)
        let track = try #require(try store.entries(.songs, in: 0..<1).first?.track)
        #expect(track.year != nil || track.albumTitle == "Album 3")
        #expect(abs((track.duration ?? 0) - 1) < 0.1)
        let reads = reader.readCount
        #expect(try scanner.scan { _ in } == ScanSummary(problems: 5))
        #expect(reader.readCount == reads)
    }
}

extension CorpusScanTests {
    /// The `--mixed` corpus (two thirds of the music tracks FLAC, Ogg Vorbis, Opus or M4A in
    /// AAC or ALAC) scans in whole:
    /// every format's tracks are in, and the broken file of each format is listed with its reason.
    @Test func scansTheMixedCorpus() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-mixed-corpus")
        defer { directory.remove() }
        let music = directory.appending("music").replacingOccurrences(of: "//", with: "/")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/make-library-corpus.sh").path
        let made = Subprocess.capture([script, "--mixed", music, "60"])
        try #require(made.status == 0, "\(made.stderr)")
        let database = try LibraryDatabase(path: directory.appending("library.sqlite"))
        defer { try? database.close() }
        let store = LibraryStore(database: database)
        let scanner = LibraryScanner(store: store, tagReader: CountingTagReader(), musicDirectory: music)
        #expect(try scanner.scan { _ in } == ScanSummary(added: 68, problems: 9))
        let problems = try store.problems().map { (($0.path as NSString).lastPathComponent, $0.reason) }
        #expect(problems.count == 9)
        #expect(problems.contains { $0.0 == "truncated.m4a" && $0.1.hasPrefix("damaged MP4 file:") })
        #expect(problems.contains { $0.0 == "truncated.flac" && $0.1.hasPrefix("damaged FLAC file:") })
        #expect(problems.contains { $0.0 == "truncated.ogg" && $0.1.hasPrefix("damaged Ogg file:") })
        #expect(problems.contains { $0.0 == "text.opus" && $0.1.hasPrefix("not a supported audio file") })
        let songs = try store.entries(.songs, in: 0..<100).compactMap(\.track)
        for suffix in [".mp3", ".flac", ".ogg", ".opus", ".m4a"] {
            let track = try #require(songs.first { $0.path.hasSuffix(suffix) }, "no \(suffix) track")
            #expect(track.artist != nil && track.albumTitle != nil && abs((track.duration ?? 0) - 1) < 0.1, "\(track)")
        }
    }
}

/// Library's tag reader over Audio's content-chosen reader, as the daemon adapts it (without
/// artwork), counting the files it reads.
private final class CountingTagReader: TagReader {
    private let reader = AudioTagReader()
    private let reads = Mutex(0)

    var readCount: Int { reads.withLock { $0 } }

    func readTags(at path: String) throws(TagReadFailure) -> ScannedTags {
        reads.withLock { $0 += 1 }
        let tags = try reader.scanTags(at: path)
        return ScannedTags(
            title: tags.title, artist: tags.artist, albumTitle: tags.album, albumArtist: tags.albumArtist,
            genre: tags.genre, composer: tags.composer, discNumber: tags.discNumber,
            trackNumber: tags.trackNumber, year: tags.year, duration: tags.duration,
            sampleRate: tags.sampleRate, channels: tags.channels)
    }
}

extension CatalogEntry {
    fileprivate var playlistID: Int64 {
        if case .playlist(let playlist) = self { return playlist.id }
        return -1
    }

    fileprivate var track: CatalogTrack? {
        if case .track(let track) = self { return track }
        return nil
    }
}
