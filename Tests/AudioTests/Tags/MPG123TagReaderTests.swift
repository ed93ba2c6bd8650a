import CMPG123
import Foundation
import Testing

@testable import Audio

/// ``MPG123TagReader`` on MP3 files made with `lame` (ID3v1, ID3v2.3 in Latin-1 and UTF-16)
/// and on hand-built ID3v2.2 / ID3v2.3 tags: every field, artwork, and absence as `nil`.
struct MPG123TagReaderTests {
    private let reader = MPG123TagReader()

    /// A fully tagged ID3v2.3 file yields every field, and its JPEG cover with size and type.
    @Test func readsEveryFieldOfAFullyTaggedFile() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let jpeg = TestImages.jpeg(width: 5, height: 4)
        let cover = try fixtures.write("cover.jpg", jpeg)
        let path = try fixtures.mp3(
            "full.mp3",
            [
                "--tt", "Title", "--ta", "Artist", "--tl", "Album", "--tn", "3/12", "--tg", "Jazz",
                "--tv", "TPE2=Album Artist", "--tv", "TCOM=Composer", "--tv", "TPOS=1/2", "--ti", cover, "--id3v2-only",
            ])
        let tags = try reader.tags(at: path)
        #expect(tags.title == "Title")
        #expect(tags.artist == "Artist")
        #expect(tags.album == "Album")
        #expect(tags.albumArtist == "Album Artist")
        #expect(tags.genre == "Jazz")
        #expect(tags.composer == "Composer")
        #expect(tags.trackNumber == 3)
        #expect(tags.discNumber == 1)
        #expect(tags.sampleRate == 44_100)
        #expect(tags.channels == 1)
        #expect(abs(try #require(tags.duration) - 0.5) < 0.05)
        let picture = try #require(tags.picture)
        #expect(picture.data == jpeg)
        #expect(picture.mimeType == "image/jpeg")
        #expect(picture.width == 5)
        #expect(picture.height == 4)
        #expect(picture.fileExtension == "jpg")
    }

    /// A PNG cover reports `image/png` and the width and height of its IHDR chunk.
    @Test func readsAPNGCover() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let png = TestImages.png(width: 2, height: 3)
        let path = try fixtures.mp3("png.mp3", ["--tt", "T", "--ti", try fixtures.write("cover.png", png)])
        let picture = try #require(try reader.tags(at: path).picture)
        #expect(picture.data == png)
        #expect(picture.mimeType == "image/png")
        #expect(picture.width == 2)
        #expect(picture.height == 3)
    }

    /// UTF-16 text frames (with byte-order mark) come back as the same Unicode text.
    @Test func readsUTF16Text() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let path = try fixtures.mp3(
            "utf16.mp3",
            [
                "--id3v2-utf16", "--tt", "Ünïcødé ☃", "--ta", "日本の歌手", "--tv", "TPE2=Ørkester",
                "--tv", "TCOM=Dvořák", "--id3v2-only",
            ])
        let tags = try reader.tags(at: path)
        #expect(tags.title == "Ünïcødé ☃")
        #expect(tags.artist == "日本の歌手")
        #expect(tags.albumArtist == "Ørkester")
        #expect(tags.composer == "Dvořák")
    }

    /// ISO-8859-1 text frames are converted to UTF-8.
    @Test func readsLatin1Text() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let path = try fixtures.mp3("latin1.mp3", ["--id3v2-latin1", "--tt", "Für Elise", "--ta", "Beethoven Ärzte", "--id3v2-only"])
        let tags = try reader.tags(at: path)
        #expect(tags.title == "Für Elise")
        #expect(tags.artist == "Beethoven Ärzte")
    }

    /// An ID3v1-only file yields title, artist, album, ID3v1.1 track and the genre byte's
    /// name; what ID3v1 cannot hold stays `nil`.
    @Test func readsID3v1Only() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let path = try fixtures.mp3(
            "v1.mp3",
            [
                "--tt", "Old Title", "--ta", "Old Artist", "--tl", "Old Album", "--tn", "7", "--tg", "Rock", "--id3v1-only",
            ])
        let tags = try reader.tags(at: path)
        #expect(tags.title == "Old Title")
        #expect(tags.artist == "Old Artist")
        #expect(tags.album == "Old Album")
        #expect(tags.trackNumber == 7)
        #expect(tags.genre == "Rock")
        #expect(tags.albumArtist == nil)
        #expect(tags.composer == nil)
        #expect(tags.discNumber == nil)
        #expect(tags.picture == nil)
    }

    /// A file without any tag has every tag field `nil` (never an empty string), and still
    /// its duration and format.
    @Test func untaggedFileHasNoTags() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let tags = try reader.tags(at: try fixtures.mp3("bare.mp3"))
        #expect(tags == FileTags(duration: tags.duration, sampleRate: 44_100, channels: 1))
        #expect(tags.duration != nil)
    }

    /// TCON references to ID3v1 genre numbers resolve to names; a refinement wins.
    @Test(arguments: [("(13)", "Pop"), ("17", "Rock"), ("(4)Eurodisco", "Eurodisco"), ("(79)", "Hard Rock"), ("Chiptune", "Chiptune")])
    func resolvesGenreReferences(tcon: String, genre: String) throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let path = try fixtures.mp3("genre.mp3", ["--tv", "TCON=" + tcon, "--id3v2-only"])
        #expect(try reader.tags(at: path).genre == genre)
    }

    /// ID3v2.2 three-letter frames (TT2, TP1, TP2, TCM, TPA, TCO, TRK) are read like their
    /// ID3v2.3 names. libmpg123 drops the ID3v2.2 PIC frame, so such a cover is not seen.
    @Test func readsID3v22Frames() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: 2)
        for (id, value) in [
            ("TT2", "Title"), ("TP1", "Artist"), ("TAL", "Album"), ("TP2", "Band"), ("TCM", "Writer"), ("TPA", "2/3"), ("TCO", "(8)"), ("TRK", "4"),
        ] {
            tag.text(id, value)
        }
        let png = TestImages.png(width: 4, height: 2)
        tag.picture(type: 3, format: "PNG", png)
        let path = try fixtures.mp3("v22.mp3", tag: tag)
        let tags = try reader.tags(at: path)
        #expect(tags.title == "Title")
        #expect(tags.artist == "Artist")
        #expect(tags.album == "Album")
        #expect(tags.albumArtist == "Band")
        #expect(tags.composer == "Writer")
        #expect(tags.discNumber == 2)
        #expect(tags.genre == "Jazz")
        #expect(tags.trackNumber == 4)
        #expect(tags.picture == nil)
    }

    /// Several values in one ID3v2.4 frame (NUL-separated) are joined with ", "; genre
    /// values are resolved one by one.
    @Test func joinsSeveralValuesOfOneFrame() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: 4)
        tag.text("TPE1", "Ann\u{0}Bob", latin1: false)
        tag.text("TCON", "(8)\u{0}Ambient", latin1: false)
        let tags = try reader.tags(at: try fixtures.mp3("v24.mp3", tag: tag))
        #expect(tags.artist == "Ann, Bob")
        #expect(tags.genre == "Jazz, Ambient")
    }

    /// Of several pictures the front cover (type 3) is chosen even when it is not first,
    /// and its type comes from its bytes when the tag declares `image/jpg`.
    @Test func prefersTheFrontCover() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let back = TestImages.png(width: 9, height: 9)
        let front = TestImages.jpeg(width: 16, height: 12)
        var tag = ID3v2TagBuilder(version: 3)
        tag.text("TIT2", "Covers", latin1: false)
        tag.picture(type: 4, format: "image/png", back)
        tag.picture(type: 3, format: "image/jpg", front)
        let path = try fixtures.mp3("covers.mp3", tag: tag)
        let picture = try #require(try reader.tags(at: path).picture)
        #expect(picture.data == front)
        #expect(picture.mimeType == "image/jpeg")
        #expect(picture.width == 16)
        #expect(picture.height == 12)
    }

    /// Without a front cover, the first picture of any type is the artwork.
    @Test func fallsBackToTheFirstPicture() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let first = TestImages.png(width: 1, height: 1)
        var tag = ID3v2TagBuilder(version: 3)
        tag.picture(type: 0, format: "image/png", first)
        tag.picture(type: 8, format: "image/jpeg", TestImages.jpeg(width: 8, height: 8))
        let path = try fixtures.mp3("others.mp3", tag: tag)
        #expect(try reader.tags(at: path).picture?.data == first)
    }

    /// Text frames that are present but empty, or hold only spaces, read as `nil`.
    @Test func emptyFramesAreNil() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: 3)
        tag.frame("TPE2", [0])
        tag.text("TCOM", "   ")
        tag.text("TCON", "")
        tag.text("TPOS", "/2")
        let path = try fixtures.mp3("empty.mp3", tag: tag)
        let tags = try reader.tags(at: path)
        #expect(tags.albumArtist == nil)
        #expect(tags.composer == nil)
        #expect(tags.genre == nil)
        #expect(tags.discNumber == nil)
    }

    /// The playback decoder's handle does not keep pictures (memory); the tag reader's does.
    @Test func onlyTheTagReaderKeepsPictures() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let cover = try fixtures.write("cover.png", TestImages.png(width: 2, height: 3))
        let path = try fixtures.mp3("art.mp3", ["--tt", "T", "--ti", cover])
        func pictureCount(_ decoder: MPG123Decoder) -> Int {
            decoder.withHandle { handle in
                var v1: UnsafeMutablePointer<mpg123_id3v1>?
                var v2: UnsafeMutablePointer<mpg123_id3v2>?
                mpg123_meta_check(handle)
                guard mpg123_id3(handle, &v1, &v2) == MPG123_OK.rawValue, let v2 else { return -1 }
                return Int(v2.pointee.pictures)
            }
        }
        #expect(pictureCount(try MPG123Decoder(path: path)) == 0)
        #expect(pictureCount(try MPG123Decoder(path: path, keepingPictures: true)) == 1)
    }
}
