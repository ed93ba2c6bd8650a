import Audio
import Foundation
import Testing

/// The exact text ``MPG123TagReader/scanTags(at:)`` reads from real `lame` MP3 files with
/// hand-written tags: every ID3v2 text encoding, ID3v2.2 frames, ID3v1 and ID3v1.1, ID3v2
/// winning over ID3v1 field by field, genre references and multi-valued ID3v2.4 frames.
struct TagTextEncodingTests {
    private let reader = MPG123TagReader()

    /// Text beyond ASCII in each encoding (Latin-1 bytes ≥ 0x80; UTF-16 both ways round with
    /// a BOM, a surrogate pair included; UTF-16BE without BOM; UTF-8) reads back exactly.
    @Test(arguments: [
        (ID3TextEncoding.latin1, UInt8(3), "Für Élise ÿ ñ ©"),
        (.utf16LittleEndianWithBOM, 3, "Dvořák 日本 𝄞"),
        (.utf16BigEndianWithBOM, 3, "Ørkester ☃ 𝄞"),
        (.utf16LittleEndianWithBOM, 4, "Čajkovskij 🎵"),
        (.utf16BigEndian, 4, "Sigur Rós 音楽 𝄞"),
        (.utf8, 4, "Björk — Jóga ✓ 🎧"),
    ])
    func readsTextInEachEncoding(encoding: ID3TextEncoding, version: UInt8, text: String) throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: version)
        tag.frame("TIT2", encoding.payload(text))
        tag.frame("TPE1", encoding.payload(text + " artist"))
        tag.frame("TALB", encoding.payload("album " + text))
        tag.frame("TCOM", encoding.payload(text))
        let tags = try reader.scanTags(at: try fixtures.mp3("\(encoding).mp3", tag: tag))
        #expect(tags.title == text, "\(encoding)")
        #expect(tags.artist == text + " artist", "\(encoding)")
        #expect(tags.album == "album " + text, "\(encoding)")
        #expect(tags.composer == text, "\(encoding)")
    }

    /// ID3v2.2's three-letter frames TT2, TP1, TAL, TRK, TYE and TCO give title, artist,
    /// album, track, year and genre, in Latin-1 and in UTF-16.
    @Test(arguments: [ID3TextEncoding.latin1, .utf16LittleEndianWithBOM])
    func readsID3v22Frames(encoding: ID3TextEncoding) throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: 2)
        for (id, value) in [("TT2", "Café Title"), ("TP1", "Zoë"), ("TAL", "Ålbum"), ("TRK", "5/9"), ("TYE", "1984"), ("TCO", "(17)")] {
            tag.frame(id, encoding.payload(value))
        }
        let tags = try reader.scanTags(at: try fixtures.mp3("v22.mp3", tag: tag))
        #expect(tags.title == "Café Title")
        #expect(tags.artist == "Zoë")
        #expect(tags.album == "Ålbum")
        #expect(tags.trackNumber == 5)
        #expect(tags.year == 1984)
        #expect(tags.genre == "Rock")
    }

    /// An ID3v1 tag gives title, artist, album and year read as Latin-1, and the genre byte's
    /// name; a full 30-byte comment means ID3v1.0 and no track.
    @Test func readsID3v1() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let v1 = id3v1Tag(
            title: "Señor Ñandú", artist: "Mötley Crüe", album: "Déjà Vu", year: "1977",
            comment: String(repeating: "c", count: 30), genre: 8)
        let tags = try reader.scanTags(at: try fixtures.write("v1.mp3", try bareMP3(fixtures) + v1))
        #expect(tags.title == "Señor Ñandú")
        #expect(tags.artist == "Mötley Crüe")
        #expect(tags.album == "Déjà Vu")
        #expect(tags.year == 1977)
        #expect(tags.genre == "Jazz")
        #expect(tags.trackNumber == nil)
    }

    /// An ID3v1.1 tag's track byte (after the comment's NUL) is the track number; genre
    /// 255 means none, and a title filling all 30 bytes is read whole.
    @Test func readsID3v11Track() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let title = "A Title That Fills Thirty Byte"
        let v1 = id3v1Tag(title: title, artist: "Artist", comment: "note", track: 12)
        let tags = try reader.scanTags(at: try fixtures.write("v11.mp3", try bareMP3(fixtures) + v1))
        #expect(title.utf8.count == 30)
        #expect(tags.title == title)
        #expect(tags.artist == "Artist")
        #expect(tags.trackNumber == 12)
        #expect(tags.genre == nil)
        #expect(tags.year == nil)
    }

    /// With both tags, each field comes from ID3v2 when it has one and from ID3v1 otherwise.
    @Test func id3v2WinsOverID3v1FieldByField() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: 3)
        tag.frame("TIT2", ID3TextEncoding.utf16LittleEndianWithBOM.payload("Neuer Titel"))
        tag.frame("TCON", ID3TextEncoding.latin1.payload("(13)"))
        tag.frame("TYER", ID3TextEncoding.latin1.payload("2001"))
        let v1 = id3v1Tag(
            title: "Old Title", artist: "Old Ärtist", album: "Old Album", year: "1970", track: 7, genre: 17)
        let tags = try reader.scanTags(at: try fixtures.write("both.mp3", tag.bytes + (try bareMP3(fixtures)) + v1))
        #expect(tags.title == "Neuer Titel")
        #expect(tags.genre == "Pop")
        #expect(tags.year == 2001)
        #expect(tags.artist == "Old Ärtist")
        #expect(tags.album == "Old Album")
        #expect(tags.trackNumber == 7)
    }

    /// Numeric genres, as an ID3v2.3 reference `(13)` or a bare ID3v2.4 number `13`, in
    /// Latin-1 or UTF-16, become the genre's name.
    @Test(arguments: [
        (UInt8(3), ID3TextEncoding.latin1, "(13)", "Pop"), (3, .utf16LittleEndianWithBOM, "(13)", "Pop"),
        (3, .latin1, "(17)(13)", "Rock, Pop"), (3, .latin1, "(32)Baroque", "Baroque"),
        (4, .utf8, "13", "Pop"), (4, .utf16BigEndian, "0", "Blues"), (4, .utf8, "(147)", "SynthPop"),
    ])
    func resolvesNumericGenres(version: UInt8, encoding: ID3TextEncoding, tcon: String, genre: String) throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: version)
        tag.frame("TCON", encoding.payload(tcon))
        #expect(try reader.scanTags(at: try fixtures.mp3("genre.mp3", tag: tag)).genre == genre)
    }

    /// ID3v2.4 frames with several NUL-separated values, in every encoding (UTF-16 with a BOM
    /// before each value, which libmpg123 leaves in the text after the first): text values are
    /// joined with ", ", genre values resolved one by one.
    @Test(arguments: ID3TextEncoding.allCases)
    func joinsMultiValuedFrames(encoding: ID3TextEncoding) throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: 4)
        tag.frame("TPE1", encoding.payload("Ann", "Bøb", "Cy"))
        tag.frame("TCOM", encoding.payload("Bach", "Händel"))
        tag.frame("TCON", encoding.payload("13", "Jazz", "(8)"))
        let tags = try reader.scanTags(at: try fixtures.mp3("multi.mp3", tag: tag))
        #expect(tags.artist == "Ann, Bøb, Cy", "\(encoding)")
        #expect(tags.composer == "Bach, Händel", "\(encoding)")
        #expect(tags.genre == "Pop, Jazz", "\(encoding)")
    }

    /// Control characters in a tag (a line end, an escape sequence, a C1 control) are taken
    /// out of what is read, a line end becoming a space; an ID3v1 field's too.
    @Test func controlCharactersAreTakenOut() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: 4)
        tag.frame("TIT2", ID3TextEncoding.utf8.payload("Bad\nOK MPD 0.23.5\u{1B}[31m\u{9B}1m"))
        tag.frame("TPE1", ID3TextEncoding.utf8.payload("Art\u{7}ist\r\n"))
        let tags = try reader.scanTags(at: try fixtures.mp3("controls.mp3", tag: tag))
        #expect(tags.title == "Bad OK MPD 0.23.5")
        #expect(tags.artist == "Artist")
        let v1 = id3v1Tag(title: "One\u{1B}[2JTwo", artist: "Tab\tbed", comment: "")
        let old = try reader.scanTags(at: try fixtures.write("v1-controls.mp3", try bareMP3(fixtures) + v1))
        #expect(old.title == "OneTwo")
        #expect(old.artist == "Tab bed")
    }

    private func bareMP3(_ fixtures: MP3Fixtures) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: try fixtures.mp3("bare.mp3"))))
    }
}
