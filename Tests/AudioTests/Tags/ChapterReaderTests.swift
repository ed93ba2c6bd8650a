import Playback
import RondoTesting
import Testing

@testable import Audio

/// Chapter marks as each format keeps them: an MP4 chapter track (`.m4b`), ID3v2 `CHAP`
/// frames (`.mp3`), Vorbis `CHAPTERnnn` comments (`.flac`, `.ogg`).
struct ChapterReaderTests {
    @Test(arguments: ["chapters.m4b", "chapters.mp3", "chapters.flac", "chapters.ogg"])
    func eachFormatsMarksAreRead(fixture: String) {
        let chapters = ChapterReader.chapters(at: Fixtures.path(fixture))
        #expect(chapters.map(\.title) == ["Low", "Middle", "High"])
        let starts = chapters.map(\.start)
        #expect(starts.count == 3 && zip(starts, [0.0, 2, 4]).allSatisfy { abs($0 - $1) < 0.01 }, "starts \(starts)")
    }

    /// A FLAC CUESHEET's tracks, which carry no titles, and an unsynchronised ID3v2.3 tag's
    /// `CHAP` frames, which libavformat reads in part, are chapters too.
    @Test func cueSheetsAndUnsynchronisedTagsHaveChapters() {
        let cueSheet = ChapterReader.chapters(at: Fixtures.path("chapters-cuesheet.flac"))
        #expect(cueSheet.count == 3)
        #expect(zip(cueSheet.map(\.start), [0.0, 2, 4]).allSatisfy { abs($0 - $1) < 0.01 }, "starts \(cueSheet.map(\.start))")
        #expect(!ChapterReader.chapters(at: Fixtures.path("chapters-unsynchronised.mp3")).isEmpty)
    }

    /// A file without marks, one that is no audio file, and one that does not exist have none.
    @Test func noMarksIsNoChapters() {
        #expect(ChapterReader.chapters(at: Fixtures.path("tone440.m4a")).isEmpty)
        #expect(ChapterReader.chapters(at: Fixtures.path("text.mp3")).isEmpty)
        #expect(ChapterReader.chapters(at: "/nonexistent/book.m4b").isEmpty)
    }

    /// The tag readers notice the marks a file has (so a scan asks libavformat for them only
    /// then), in each format, and not in files without any.
    @Test(arguments: [
        ("chapters.m4b", true), ("chapters.mp3", true), ("chapters.flac", true), ("chapters.ogg", true), ("book12.m4b", true),
        ("chapters-cuesheet.flac", true), ("chapters-unsynchronised.mp3", true),
        ("tone440.m4a", false), ("tone440.mp3", false), ("tone440.flac", false), ("tone440.ogg", false), ("tone440.opus", false),
        ("titled-songs.ogg", false),
    ])
    func tagReadersNoticeMarks(fixture: String, marked: Bool) throws {
        #expect(try AudioTagReader().scanTags(at: Fixtures.path(fixture)).hasChapterMarks == marked)
    }
}
