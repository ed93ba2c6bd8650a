import Library
import RondoTesting
import Testing

/// What "play …" plays (`player.playFromSearch`, SPEC §15), on a real SQLite library: an
/// exact name wins over a better-ranked partial match, an artist's songs shuffled, an album
/// in order, a song then the rest of its album, a genre's tracks, a book where it was left.
struct BrowseTreeSearchPlaybackTests {
    /// A library of two artists (one of whose songs is named like the other artist), a genre,
    /// and a two-file book with a resume point in its second file.
    private func makeLibrary() throws -> LibraryFixture {
        let library = try LibraryFixture()
        let first = ["artist": "The Testers", "album": "First Light", "genre": "Jazz", "year": "2001"]
        try library.add("testers/1.mp3", first.merging(["title": "Opening", "track": "1"]) { $1 })
        try library.add("testers/2.mp3", first.merging(["title": "Second Song", "track": "2"]) { $1 })
        try library.add("testers/3.mp3", first.merging(["title": "Björk", "track": "3"]) { $1 })
        let later = ["artist": "The Testers", "album": "Later Light", "genre": "Rock", "year": "2005"]
        try library.add("testers/later/1.mp3", later.merging(["title": "Again", "track": "1"]) { $1 })
        let bjork = ["artist": "Björk", "album": "Debut Test", "genre": "Pop", "year": "1993"]
        try library.add("bjork/1.mp3", bjork.merging(["title": "Human Test", "track": "1"]) { $1 })
        let book = ["artist": "A. Reader", "album": "The Long Book", "genre": "Audiobook"]
        try library.add("book/1.mp3", book.merging(["title": "Part One", "track": "1"]) { $1 })
        try library.add("book/2.mp3", book.merging(["title": "Part Two", "track": "2"]) { $1 })
        try library.scan()
        try library.store.setResumePosition(path: library.music + "/book/2.mp3", seconds: 12)
        return library
    }

    private func play(_ query: String, in library: LibraryFixture, seed: UInt64 = 1) throws -> SearchPlayback? {
        let tree = BrowseTree(catalog: library.store, musicDirectory: library.music)
        var generator = SplitMix64(seed: seed)
        return try tree.searchPlayback(for: query, candidates: library.store.search(query, limit: 20), using: &generator)
    }

    private func titles(_ selection: PlaybackSelection) -> [String] { selection.tracks.map(\.title) }

    @Test func anArtistPlaysAllTheirSongsShuffled() throws {
        let library = try makeLibrary()
        defer { library.remove() }
        let found = try #require(try play("the testers", in: library))
        guard case .artist(let artist) = found.chosen else {
            Issue.record("chose \(found.chosen)")
            return
        }
        #expect(artist.name == "The Testers" && found.shuffled && found.selection.startIndex == 0)
        #expect(Set(titles(found.selection)) == ["Opening", "Second Song", "Björk", "Again"])
        let orders = Set(try (1...8).map { seed in titles(try #require(try play("the testers", in: library, seed: seed)).selection) })
        #expect(orders.count > 1, "eight seeds drew one order: \(orders)")
        #expect(try play("the testers", in: library, seed: 3) == play("the testers", in: library, seed: 3))
    }

    /// "Björk" is an artist and a song title; case and accents aside, the artist wins.
    @Test func anExactNameWinsArtistFirst() throws {
        let library = try makeLibrary()
        defer { library.remove() }
        let found = try #require(try play("BJORK", in: library))
        guard case .artist(let artist) = found.chosen else {
            Issue.record("chose \(found.chosen)")
            return
        }
        #expect(artist.name == "Björk" && titles(found.selection) == ["Human Test"])
    }

    @Test func anAlbumPlaysInOrderFromItsFirstTrack() throws {
        let library = try makeLibrary()
        defer { library.remove() }
        let found = try #require(try play("first light", in: library))
        guard case .album(let album) = found.chosen else {
            Issue.record("chose \(found.chosen)")
            return
        }
        #expect(album.title == "First Light")
        #expect(!found.shuffled && found.selection.startIndex == 0)
        #expect(titles(found.selection) == ["Opening", "Second Song", "Björk"])
    }

    @Test func aSongPlaysThenTheRestOfItsAlbum() throws {
        let library = try makeLibrary()
        defer { library.remove() }
        let found = try #require(try play("second song", in: library))
        guard case .track(let track) = found.chosen else {
            Issue.record("chose \(found.chosen)")
            return
        }
        #expect(track.title == "Second Song" && !found.shuffled)
        #expect(titles(found.selection) == ["Opening", "Second Song", "Björk"] && found.selection.startIndex == 1)
    }

    /// A genre is not in the search index; its exact name still finds it.
    @Test func aGenrePlaysItsTracks() throws {
        let library = try makeLibrary()
        defer { library.remove() }
        let found = try #require(try play("jazz", in: library))
        guard case .genre(let genre) = found.chosen else {
            Issue.record("chose \(found.chosen)")
            return
        }
        #expect(genre.name == "Jazz" && Set(titles(found.selection)) == ["Opening", "Second Song", "Björk"])
    }

    @Test func aBookGoesOnInTheFileItWasLeftIn() throws {
        let library = try makeLibrary()
        defer { library.remove() }
        let found = try #require(try play("the long book", in: library))
        guard case .show = found.chosen else {
            Issue.record("chose \(found.chosen)")
            return
        }
        #expect(titles(found.selection) == ["Part One", "Part Two"] && found.selection.startIndex == 1)
    }

    @Test func nothingMatchesNothing() throws {
        let library = try makeLibrary()
        defer { library.remove() }
        #expect(try play("zzyzx", in: library) == nil)
        #expect(try play("  !? ", in: library) == nil)
        #expect(!BrowseTree.hasWords(" - "))
        #expect(BrowseTree.hasWords("Abba"))
    }

    @Test func recentlyPlayedStartsFromTheLastHeard() throws {
        let library = try makeLibrary()
        defer { library.remove() }
        let tree = BrowseTree(catalog: library.store, musicDirectory: library.music)
        #expect(try tree.recentlyPlayedSelection() == nil)
        try library.store.recordPlay(path: library.music + "/testers/1.mp3", at: 100)
        try library.store.recordPlay(path: library.music + "/bjork/1.mp3", at: 200)
        let recent = try #require(try tree.recentlyPlayedSelection())
        #expect(titles(recent) == ["Human Test", "Opening"] && recent.startIndex == 0)
    }
}
