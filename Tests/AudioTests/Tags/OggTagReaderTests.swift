import Foundation
import TagReading
import Testing

@testable import Audio

/// ``AudioTagReader`` on Ogg Vorbis files made by `oggenc` and Opus files made by `opusenc`.
struct OggTagReaderTests {
    private let reader = AudioTagReader()

    /// Vorbis comments, format and a duration within one packet of `soxi`'s are read.
    @Test func readsVorbis() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.vorbis(
            "song.ogg", seconds: 2.5, rate: 22_050, channels: 1,
            comments: [
                "TITLE=Nocturne", "ARTIST=Chopin", "ALBUMARTIST=Rubinstein", "ALBUM=Nocturnes", "TRACKNUMBER=7",
                "GENRE=Classical", "DATE=1965", "REPLAYGAIN_TRACK_GAIN=-6.54 dB", "REPLAYGAIN_TRACK_PEAK=0.988",
                "REPLAYGAIN_ALBUM_GAIN=+1.20 dB", "replaygain_album_peak=1.0",
            ])
        let tags = try reader.scanTags(at: path)
        #expect(tags.title == "Nocturne")
        #expect(tags.artist == "Chopin")
        #expect(tags.albumArtist == "Rubinstein")
        #expect(tags.album == "Nocturnes")
        #expect(tags.trackNumber == 7)
        #expect(tags.genre == "Classical")
        #expect(tags.year == 1965)
        #expect(tags.sampleRate == 22_050)
        #expect(tags.channels == 1)
        let duration = try #require(tags.duration)
        #expect(abs(duration - 2.5) <= 2_048.0 / 22_050)
        #expect(abs(duration - (try EncodedFixtures.reportedDuration(path))) <= 2_048.0 / 22_050)
        #expect(tags.replayGain == ReplayGain(trackGain: -6.54, trackPeak: 0.988, albumGain: 1.2, albumPeak: 1))
    }

    /// A cover in `METADATA_BLOCK_PICTURE` large enough that the comment header spans
    /// several pages is read byte for byte, with the comments after it.
    @Test func readsAVorbisCoverSpanningPages() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        var png = TestImages.png(width: 40, height: 30)
        png += [UInt8](repeating: 0, count: 60_000)  // after IEND: the same image, in base64 more than a page holds
        let path = try fixtures.vorbis(
            "cover.ogg", comments: [EncodedFixtures.pictureComment(mimeType: "image/png", png), "TITLE=After The Cover"])
        let tags = try reader.scanTags(at: path)
        #expect(tags.picture?.data == png)
        #expect(tags.picture?.width == 40)
        #expect(tags.title == "After The Cover")
    }

    /// Opus comments, the cover `opusenc --picture` embeds, R128 gains (Q7.8 → dB), 48 kHz
    /// and a duration within one 20 ms packet of `opusinfo`'s, pre-skip removed.
    @Test func readsOpus() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let jpeg = TestImages.jpeg(width: 8, height: 6)
        let cover = try fixtures.write("cover.jpg", jpeg)
        let path = try fixtures.opus(
            "talk.opus", seconds: 3.1, rate: 44_100, channels: 2,
            comments: [
                "TITLE=Episode", "ARTIST=Host", "ALBUM=Show", "TRACKNUMBER=4/10", "DISCNUMBER=1/2", "R128_TRACK_GAIN=-1280",
                "R128_ALBUM_GAIN=256",
            ],
            picture: cover)
        let tags = try reader.scanTags(at: path)
        #expect(tags.title == "Episode")
        #expect(tags.artist == "Host")
        #expect(tags.album == "Show")
        #expect(tags.trackNumber == 4)
        #expect(tags.discNumber == 1)
        #expect(tags.sampleRate == 48_000)
        #expect(tags.channels == 2)
        #expect(tags.picture?.data == jpeg)
        #expect(tags.picture?.mimeType == "image/jpeg")
        #expect(tags.replayGain.r128TrackGain == -5)
        #expect(tags.replayGain.r128AlbumGain == 1)
        #expect(tags.replayGain.trackGain == nil)
        let duration = try #require(tags.duration)
        #expect(abs(duration - 3.1) <= 0.02)
        #expect(abs(duration - (try EncodedFixtures.reportedDuration(path))) <= 0.02)
    }

    /// Damaged Ogg files are refused with a reason; an Ogg stream of another codec is unsupported.
    @Test func refusesDamagedStreams() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let vorbis = Array(try Data(contentsOf: URL(fileURLWithPath: try fixtures.vorbis("good.ogg"))))
        let opus = Array(try Data(contentsOf: URL(fileURLWithPath: try fixtures.opus("good.opus"))))
        var speex = opus
        speex[28...35] = ArraySlice("Speex   ".utf8)
        #expect(throws: TagReadFailure.malformed(format: "Ogg", reason: "the file ends inside its headers")) {
            try reader.scanTags(at: try fixtures.write("cut.ogg", Array(vorbis.prefix(40))))
        }
        #expect(throws: TagReadFailure.malformed(format: "Opus", reason: "the file ends inside its headers")) {
            try reader.scanTags(at: try fixtures.write("cut.opus", Array(opus.prefix(60))))
        }
        #expect(throws: TagReadFailure.unsupportedFormat) { try reader.scanTags(at: try fixtures.write("speex.ogg", speex)) }
        var broken = vorbis
        let second = try #require((1..<broken.count - 4).first { broken[$0..<$0 + 4].elementsEqual("OggS".utf8) })
        broken[second] = UInt8(ascii: "X")
        #expect(throws: TagReadFailure.malformed(format: "Ogg Vorbis", reason: "no Ogg page at byte \(second)")) {
            try reader.scanTags(at: try fixtures.write("broken.ogg", broken))
        }
    }
}
