import Foundation
import TagReading
import Testing

@testable import Audio

/// ``AudioTagReader`` on FLAC files made by `flac` and `metaflac`.
struct FLACTagReaderTests {
    private let reader = AudioTagReader()

    /// Every mapped Vorbis comment, the format and the exact duration of a `flac` file are read.
    @Test func readsCommentsFormatAndDuration() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.flac(
            "full.flac", seconds: 1.3, rate: 48_000, channels: 1,
            comments: [
                "TITLE=Título", "artist=Björk", "ALBUM ARTIST=Various", "Album=Post", "TRACKNUMBER=3/12", "DISCNUMBER=2",
                "GENRE=Electronic", "DATE=1995-06-13", "COMPOSER=Björk G.", "TITLE=Second Title",
            ])
        let tags = try reader.scanTags(at: path)
        #expect(tags.title == "Título")
        #expect(tags.artist == "Björk")
        #expect(tags.albumArtist == "Various")
        #expect(tags.album == "Post")
        #expect(tags.trackNumber == 3)
        #expect(tags.discNumber == 2)
        #expect(tags.genre == "Electronic")
        #expect(tags.year == 1995)
        #expect(tags.composer == "Björk G.")
        #expect(tags.sampleRate == 48_000)
        #expect(tags.channels == 1)
        #expect(tags.duration == 1.3)
        #expect(abs((tags.duration ?? 0) - (try EncodedFixtures.reportedDuration(path))) < 1e-6)
        #expect(tags.picture == nil)
    }

    /// The front cover is chosen over an earlier picture of another type, byte for byte.
    @Test func prefersTheFrontCover() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let back = TestImages.png(width: 5, height: 5)
        let front = TestImages.png(width: 3, height: 2)
        let backPath = try fixtures.write("back.png", back)
        let frontPath = try fixtures.write("front.png", front)
        let path = try fixtures.flac("covers.flac", comments: ["TITLE=Covered"], pictures: ["4||||\(backPath)", "3||||\(frontPath)"])
        let picture = try #require(try reader.scanTags(at: path).picture)
        #expect(picture.data == front)
        #expect(picture.mimeType == "image/png")
        #expect(picture.width == 3 && picture.height == 2)
        let onlyBack = try fixtures.flac("back.flac", pictures: ["4||||\(backPath)"])
        #expect(try reader.scanTags(at: onlyBack).picture?.data == back)
    }

    /// Tags and a picture added afterwards by `metaflac`, and ReplayGain values it computes
    /// (`--add-replay-gain`), are read; an ID3v2 tag in front of the stream is skipped.
    @Test func readsMetaflacEditsReplayGainAndAnID3Prefix() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.flac("edited.flac")
        let jpeg = TestImages.jpeg(width: 4, height: 4)
        try fixtures.metaflac(path, ["--set-tag=ALBUMARTIST=The Band", "--set-tag=ALBUM ARTIST=Other", "--add-replay-gain"])
        try fixtures.metaflac(path, ["--import-picture-from=3|image/jpeg|||\(try fixtures.write("c.jpg", jpeg))"])
        let tags = try reader.scanTags(at: path)
        #expect(tags.albumArtist == "The Band")
        #expect(tags.picture?.data == jpeg)
        let gain = try #require(tags.replayGain.trackGain)
        #expect(abs(gain) < 30)
        #expect((tags.replayGain.trackPeak ?? 0) > 0.2 && (tags.replayGain.trackPeak ?? 0) <= 1)
        #expect(tags.replayGain.albumGain == gain)

        let id3 = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 10] + [UInt8](repeating: 0, count: 10)
        let prefixed = try fixtures.write("prefixed.flac", id3 + Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try reader.scanTags(at: prefixed).albumArtist == "The Band")
    }

    /// Damaged FLAC files are refused with a reason saying where.
    @Test func refusesDamagedStreams() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: try fixtures.flac("good.flac"))))
        var notStreamInfo = good
        notStreamInfo[4] = 0x04
        var huge = good
        huge[5...7] = [0xFF, 0xFF, 0xFF]
        let cases: [(String, [UInt8], String)] = [
            ("marker.flac", Array("fLaC".utf8), "the file ends inside metadata block 1"),
            ("short.flac", Array(good.prefix(20)), "metadata block 1 declares 34 bytes, past the end of the file"),
            ("first.flac", notStreamInfo, "the first metadata block is not STREAMINFO"),
            ("huge.flac", huge, "metadata block 1 declares 16777215 bytes, past the end of the file"),
        ]
        for (name, bytes, reason) in cases {
            #expect(throws: TagReadFailure.malformed(format: "FLAC", reason: reason), "\(name)") {
                try reader.scanTags(at: try fixtures.write(name, bytes))
            }
        }
    }
}
