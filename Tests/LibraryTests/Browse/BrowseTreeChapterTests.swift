import Library
import Testing

/// Chapters in the browse tree (SPEC §11): a track whose file marks chapters is a playable
/// container whose children are its chapters; a book of one such file shows the chapters as
/// its own children; playing a chapter plays its file from the chapter's start.
@Suite struct BrowseTreeChapterTests {
    static let bookPath = "/music/Books/Twelve Parts.m4b"
    static let mixPath = "/music/Mixes/Night Mix.mp3"
    static let firstFilePath = "/music/Two Files/1.mp3"

    static let fixture = CatalogFixture(tracks: [
        CatalogFixture.Track(
            path: bookPath, title: "Twelve Parts", artist: "A. Reader", album: "Twelve Parts", genre: "Audiobook",
            duration: 18, spokenWord: true, resumePosition: 4,
            chapters: (0..<12).map { ("Part \($0 + 1)", Double($0) * 1.5) }),
        CatalogFixture.Track(
            path: firstFilePath, title: "First File", artist: "A. Reader", album: "Two Files", genre: "Audiobook",
            number: 1, duration: 90, spokenWord: true, chapters: [("Opening", 0), (nil, 30), ("Close", 60)]),
        CatalogFixture.Track(
            path: "/music/Two Files/2.mp3", title: "Second File", artist: "A. Reader", album: "Two Files",
            genre: "Audiobook", number: 2, duration: 60, spokenWord: true),
        CatalogFixture.Track(
            path: mixPath, title: "Night Mix", artist: "DJ", album: "Mixes", genre: "Electronic", number: 1,
            duration: 3_725, chapters: [("Intro", 0), ("Drop", 3_600)]),
        CatalogFixture.Track(
            path: "/music/Mixes/Day Mix.mp3", title: "Day Mix", artist: "DJ", album: "Mixes", genre: "Electronic",
            number: 2, duration: 300),
    ])

    let tree = BrowseTree(catalog: InMemoryCatalog(fixture), musicDirectory: "/music")

    /// `Podcasts & Books` → the book of one file → its twelve chapters, titled and
    /// subtitled with the book and where each starts, playable leaves, with how far into
    /// each listening got (resume point 4 s: the first two heard, the third two thirds).
    @Test func bookOfOneFileHasItsChaptersAsChildren() throws {
        let book = try tree.item(at: [2, 0], limits: .default)
        #expect(book.title == "Twelve Parts" && book.isContainer && book.isPlayable)
        let page = try tree.children(of: [2, 0], limits: .default)
        #expect(page.total == 12 && !page.limited)
        #expect(page.items.map(\.title) == (1...12).map { "Part \($0)" })
        #expect(page.items.allSatisfy { $0.isPlayable && !$0.isContainer })
        #expect(page.items[0].subtitle == "Twelve Parts · 0:00")
        #expect(page.items[11].subtitle == "Twelve Parts · 0:16")
        let progress = page.items.prefix(4).map { $0.playbackProgress.map { ($0 * 1000).rounded() / 1000 } }
        #expect(progress == [1, 1, 0.667, 0])
        #expect(try tree.count(at: [2, 0], limits: .default) == 12)
    }

    /// While the limits are enforced a book lists at most `itemLimit` chapters, and a
    /// file's chapters below a show count as one level more.
    @Test func chaptersKeepTheContentLimits() throws {
        let five = ContentLimits(enforced: true, itemLimit: 5, depthLimit: 5)
        let page = try tree.children(of: [2, 0], limits: five)
        #expect(page.items.count == 5 && page.total == 12 && page.limited)
        let shallow = ContentLimits(enforced: true, itemLimit: 12, depthLimit: 3)
        #expect(throws: BrowseError.contentLimitExceeded(path: [2, 1, 0], depthLimit: 3)) {
            try tree.children(of: [2, 1, 0], limits: shallow)
        }
        #expect(try tree.children(of: [2, 1, 0], limits: .default).items.map(\.title) == ["Opening", "Chapter 2", "Close"])
    }

    /// Playing a chapter plays its file alone from the chapter's start, by path and by
    /// identifier alike; playing the book plays its file from the resume point.
    @Test func aChapterPlaysItsFileFromItsStart() throws {
        let chapter = try tree.playback(at: [2, 0, 3], limits: .default)
        #expect(chapter.tracks.map(\.path) == [Self.bookPath])
        #expect(chapter.startIndex == 0 && chapter.startOffset == 4.5)
        let identifier = try tree.item(at: [2, 0, 3], limits: .default).identifier
        #expect(try tree.item(forIdentifier: identifier) == (try tree.item(at: [2, 0, 3], limits: .default)))
        #expect(try tree.playback(forIdentifier: identifier) == chapter)

        let book = try tree.playback(at: [2, 0], limits: .default)
        #expect(book.tracks.map(\.path) == [Self.bookPath] && book.startOffset == nil)
        let show = try tree.playback(at: [2, 1], limits: .default)
        #expect(show.tracks.map(\.title) == ["First File", "Second File"] && show.startOffset == nil)
        let untitled = try tree.playback(at: [2, 1, 0, 1], limits: .default)
        #expect(untitled.tracks.map(\.path) == [Self.firstFilePath] && untitled.startOffset == 30)
    }

    /// In a show of several files, the file with chapters is a playable container, the one
    /// without a leaf; chosen itself, a file with chapters plays with its show from it.
    @Test func aFileWithChaptersIsAContainerAmongItsShow() throws {
        let files = try tree.children(of: [2, 1], limits: .default).items
        #expect(files.map(\.isContainer) == [true, false])
        #expect(files.allSatisfy { $0.isPlayable })
        #expect(try tree.count(at: [2, 1, 1], limits: .default) == 0)
        let file = try tree.playback(at: [2, 1, 0], limits: .default)
        #expect(file.tracks.map(\.title) == ["First File", "Second File"] && file.startIndex == 0 && file.startOffset == nil)
    }

    /// Music marks chapters too (a DJ mix): the track is a container under its album, with
    /// hour-long starts written as a clock does, and no progress, as for all music.
    @Test func musicWithChaptersIsAContainerToo() throws {
        let albums = try tree.children(of: [0, 1], limits: .default).items
        let mixes = try #require(albums.firstIndex { $0.title == "Mixes" })
        let tracks = try tree.children(of: [0, 1, mixes], limits: .default).items
        #expect(tracks.map(\.title) == ["Night Mix", "Day Mix"])
        #expect(tracks.map(\.isContainer) == [true, false])
        let chapters = try tree.children(of: [0, 1, mixes, 0], limits: .default).items
        #expect(chapters.map(\.subtitle) == ["Night Mix · 0:00", "Night Mix · 1:00:00"])
        #expect(chapters.allSatisfy { $0.playbackProgress == nil })
        let drop = try tree.playback(at: [0, 1, mixes, 0, 1], limits: .default)
        #expect(drop.tracks.map(\.title) == ["Night Mix"] && drop.startOffset == 3_600)
    }
}
