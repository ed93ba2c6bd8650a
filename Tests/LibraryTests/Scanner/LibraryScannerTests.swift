import Foundation
import Glibc
import Library
import RondoTesting
import Synchronization
import TagReading
import Testing

/// ``LibraryScanner`` on real files in a temporary music directory and a real SQLite file,
/// reading tags through a counting fake reader.
struct LibraryScannerTests {
    /// A first scan adds every file; adding, changing and deleting files is reconciled
    /// exactly by the next scan, and an unchanged rescan reads no tags.
    @Test func rescansReconcileAddedChangedAndRemovedFiles() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("A/one.mp3", ["title": "One", "artist": "A"])
        let two = try library.add("A/two.mp3", ["title": "Two", "artist": "A"])
        let three = try library.add("B/three.mp3", ["title": "Three", "artist": "B"])
        #expect(try library.scan() == ScanSummary(added: 3, updated: 0, removed: 0, problems: 0))
        #expect(library.reader.readCount == 3)

        #expect(try library.scan() == ScanSummary())
        #expect(library.reader.readCount == 3)

        try library.add("C/four.mp3", ["title": "Four", "artist": "C"])
        try library.add("A/two.mp3", ["title": "Two (Remastered)", "artist": "A", "year": "2001"])
        try setModificationTime(two, to: 1_000_000)
        try FileManager.default.removeItem(atPath: three)
        #expect(try library.scan() == ScanSummary(added: 1, updated: 1, removed: 1, problems: 0))
        #expect(library.reader.readCount == 5)

        let titles = try library.all(.songs).map(\.title)
        #expect(titles == ["Four", "One", "Two (Remastered)"])
        #expect(try library.store.track(atPath: two)?.year == 2001)
        #expect(try library.store.track(atPath: three) == nil)
        #expect(try library.all(.artists).map(\.title) == ["A", "C"])
        #expect(try library.scan(full: true) == ScanSummary(added: 0, updated: 3, removed: 0, problems: 0))
    }

    /// A track's MusicBrainz identifiers are kept with it, each in its own place, and a
    /// condition finds the track by one.
    @Test func keepsMusicBrainzIdentifiers() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let path = try library.add(
            "A/one.mp3",
            [
                "title": "One", "MUSICBRAINZ_TRACKID": "rec", "MUSICBRAINZ_ALBUMID": "0b8e4f35-3c39", "MUSICBRAINZ_ARTISTID": "art",
                "MUSICBRAINZ_ALBUMARTISTID": "alb", "MUSICBRAINZ_RELEASETRACKID": "reltrack", "MUSICBRAINZ_WORKID": "work",
            ])
        try library.add("A/two.mp3", ["title": "Two"])
        try library.scan()
        let track = try #require(try library.store.track(atPath: path))
        #expect(
            track.musicBrainz
                == MusicBrainzIDs(
                    track: "rec", album: "0b8e4f35-3c39", artist: "art", albumArtist: "alb", releaseTrack: "reltrack", work: "work"))
        let found = try library.store.tracks(under: nil, where: .equals(.musicBrainzTrack, "rec"))
        #expect(found.map(\.path) == [path])
        // A search in every field reads the identifiers only for a part an identifier (hex
        // digits and dashes) can hold.
        let part = try library.store.tracks(under: nil, where: .containsFolded([.title, .musicBrainzAlbum], "8E4F35-3C"))
        #expect(part.map(\.path) == [path])
    }

    /// Every unreadable file is listed with its reason and the scan goes on; a problem file
    /// that is fixed leaves the list, and an unchanged problem file is not read again.
    @Test func listsProblemsWithReasonsAndForgetsFixedOnes() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("good.mp3", ["title": "Good"])
        let failures = ["empty", "truncated", "notMP3", "oversized", "unreadable"]
        for failure in failures { try library.add("bad/\(failure).mp3", ["fail": failure]) }
        #expect(try library.scan() == ScanSummary(added: 1, problems: 5))
        let problems = try library.store.problems()
        #expect(problems.map(\.path) == failures.sorted().map { library.music + "/bad/\($0).mp3" })
        #expect(problems.map(\.reason).contains("empty file"))
        #expect(problems.map(\.reason).contains("oversized tag: the ID3v2 tag declares 16777216 bytes"))

        #expect(try library.scan() == ScanSummary(problems: 5))
        #expect(library.reader.readCount == 6)

        try library.add("bad/empty.mp3", ["title": "Fixed"])
        try setModificationTime(library.music + "/bad/empty.mp3", to: 2_000_000)
        #expect(try library.scan() == ScanSummary(added: 1, problems: 4))
        #expect(try library.store.problems().count == 4)
        #expect(try library.store.stats().problems == 4)
    }

    /// A symbolic link to an ancestor directory does not loop; links to directories and
    /// files are followed, and a broken link is a problem.
    @Test func followsSymbolicLinksWithoutLooping() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("A/one.mp3", ["title": "One"])
        try FileManager.default.createSymbolicLink(atPath: library.music + "/A/loop", withDestinationPath: "..")
        let outside = library.directory.appending("elsewhere")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("title=Linked".utf8).write(to: URL(fileURLWithPath: outside + "/linked.mp3"))
        try FileManager.default.createSymbolicLink(atPath: library.music + "/Linked", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(
            atPath: library.music + "/alias.mp3", withDestinationPath: library.music + "/A/one.mp3")
        try FileManager.default.createSymbolicLink(atPath: library.music + "/broken.mp3", withDestinationPath: "/nowhere")
        let summary = try library.scan()
        #expect(summary.added == 3)
        #expect(summary.problems == 1)
        #expect(try library.all(.songs).map(\.title).sorted() == ["Linked", "One", "One"])
        #expect(try library.store.problems().map(\.path) == [library.music + "/broken.mp3"])
    }

    /// A file name that is not UTF-8 is listed as a problem, never read nor crashed on.
    @Test func listsNonUTF8FileNamesAsProblems() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("ok.mp3", ["title": "OK"])
        let name = Array((library.music + "/caf").utf8) + [0xE9] + Array(".mp3".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        #expect(try library.scan() == ScanSummary(added: 1, problems: 1))
        let problem = try #require(try library.store.problems().first)
        #expect(problem.path == library.music + "/caf\u{FFFD}.mp3")
        #expect(problem.reason.contains("not valid UTF-8"))
        #expect(try library.scan() == ScanSummary(problems: 1))
    }

    /// Two files whose names differ only in their Unicode normalisation (é as one scalar, and
    /// as e with a combining accent) are two tracks, and an unchanged rescan reads neither:
    /// paths are compared by their bytes, as the file system compares them.
    @Test func namesThatDifferOnlyInNormalisationAreTwoFiles() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let composed = try library.add("Caf\u{E9}.mp3", ["title": "Composed"])
        try library.add("Cafe\u{301}.mp3", ["title": "Decomposed", "year": "1999"])
        try setModificationTime(composed, to: 1_000_000)
        try #require(try FileManager.default.contentsOfDirectory(atPath: library.music).count == 2)
        #expect(try library.scan() == ScanSummary(added: 2))
        #expect(try library.scan() == ScanSummary())
        #expect(library.reader.readCount == 2)
        #expect(try library.all(.songs).map(\.title).sorted() == ["Composed", "Decomposed"])
    }

    /// A scan of a subpath reconciles only files under it; a path outside the music
    /// directory and a missing music directory are errors that say what to do.
    @Test func scansOnlyUnderASubpath() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("A/one.mp3", ["title": "One"])
        let two = try library.add("B/two.mp3", ["title": "Two"])
        try library.scan()
        try FileManager.default.removeItem(atPath: two)
        try library.add("A/new.mp3", ["title": "New"])
        #expect(try library.scan("A") == ScanSummary(added: 1))
        #expect(try library.store.track(atPath: two) != nil)
        #expect(try library.scan(library.music + "/B") == ScanSummary(removed: 1))
        #expect(throws: ScanError.outsideMusicDirectory(path: "../elsewhere")) { try library.scan("../elsewhere") }
        let missing = LibraryScanner(store: library.store, tagReader: library.reader, musicDirectory: "/no/such/dir")
        #expect(throws: ScanError.musicDirectoryMissing(path: "/no/such/dir")) {
            try missing.scan { _ in }
        }
        #expect(ScanError.musicDirectoryMissing(path: "/x").description.contains("music_directory"))
    }

    /// Progress goes from the unchanged files to the total, once per batch.
    @Test func reportsProgress() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        for index in 0..<1_200 { try library.add("many/\(index).mp3", ["title": "T\(index)"]) }
        let reports = Mutex<[ScanProgress]>([])
        _ = try library.scanner.scan { progress in reports.withLock { $0.append(progress) } }
        let seen = reports.withLock { $0 }
        #expect(seen.first == ScanProgress(done: 0, total: 1_200))
        #expect(seen.last == ScanProgress(done: 1_200, total: 1_200))
        #expect(seen.map(\.done) == seen.map(\.done).sorted())
        #expect(seen.count == 4)
    }

    /// Podcasts and Audiobooks folders and spoken-word genres make spoken-word tracks, which
    /// appear under shows and never under artists, albums, songs or genres.
    @Test func separatesSpokenWord() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        try library.add("Music/song.mp3", ["title": "Song", "artist": "Band", "genre": "Rock"])
        try library.add("podcasts/Show/ep1.mp3", ["title": "Ep 1", "album": "Show", "track": "1"])
        try library.add("Misc/talk.mp3", ["title": "Talk", "album": "Talks", "genre": "spoken word"])
        try library.add("Misc/book.mp3", ["title": "Book", "album": "Book", "genre": "Rock, Audiobook"])
        try library.scan()
        #expect(try library.all(.songs).map(\.title) == ["Song"])
        #expect(try library.all(.genres).map(\.title) == ["Rock"])
        #expect(try library.all(.artists).map(\.title) == ["Band"])
        let shows = try library.all(.spokenShows)
        #expect(shows.map(\.title) == ["Book", "Show", "Talks"])
        guard case .show(let show) = shows[1] else {
            Issue.record("not a show")
            return
        }
        #expect(try library.all(.tracksOfShow(show.id)).map(\.title) == ["Ep 1"])
        #expect(try library.store.stats().spokenWord == 3)
    }

    /// `.m3u`/`.m3u8` playlists list their library tracks in file order: relative and
    /// absolute entries, `#EXT` lines, CRLF and a byte-order mark; missing files left out.
    @Test func readsPlaylists() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let one = try library.add("A/one.mp3", ["title": "One"])
        try library.add("A/two.mp3", ["title": "Two"])
        try library.add("Zed/three.mp3", ["title": "Three"])
        let text = "#EXTM3U\r\n#EXTINF:1,Three\r\n../Zed/three.mp3\r\nmissing.mp3\r\n\(one)\r\n./../A/./two.mp3\r\n"
        try FileManager.default.createDirectory(atPath: library.music + "/lists", withIntermediateDirectories: true)
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(
            to: URL(fileURLWithPath: library.music + "/lists/Road Trip.m3u8"))
        try Data("http://radio.example/stream\n".utf8).write(to: URL(fileURLWithPath: library.music + "/lists/radio.M3U"))
        try library.scan()
        let playlists = try library.all(.playlists)
        #expect(playlists.map(\.title) == ["radio", "Road Trip"])
        #expect(try library.all(.tracksOfPlaylist(playlists[1].id)).map(\.title) == ["Three", "One", "Two"])
        guard case .playlist(let trip) = playlists[1] else {
            Issue.record("not a playlist")
            return
        }
        #expect(trip.trackCount == 3)
        #expect(try library.store.count(.tracksOfPlaylist(playlists[0].id)) == 0)
    }

    /// A playlist a client saved, outside the music directory, is one of the library's
    /// playlists with its tracks at once; a full scan, which removes whatever else it does
    /// not find, keeps it; its removal forgets it.
    @Test func aSavedPlaylistOutlivesScans() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let one = try library.add("A/one.mp3", ["title": "One"])
        let two = try library.add("A/two.mp3", ["title": "Two"])
        try library.scan()
        let saved = library.directory.appending("playlists/mine.m3u")
        try library.store.recordSavedPlaylist(path: saved, entries: [two, "http://radio.example/stream", one])
        var playlists = try library.all(.playlists)
        #expect(playlists.map(\.title) == ["mine"])
        #expect(try library.all(.tracksOfPlaylist(playlists[0].id)).map(\.title) == ["Two", "One"])

        _ = try library.scan(full: true)
        playlists = try library.all(.playlists)
        #expect(playlists.map(\.title) == ["mine"])
        #expect(try library.store.savedPlaylists().keys.sorted() == [saved])

        try library.store.forgetSavedPlaylist(path: saved)
        #expect(try library.all(.playlists).isEmpty)
        #expect(try library.store.savedPlaylists().isEmpty)
    }

    private func setModificationTime(_ path: String, to seconds: Int) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
    }
}
