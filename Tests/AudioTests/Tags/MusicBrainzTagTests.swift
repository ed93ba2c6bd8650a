import Foundation
import RondoTesting
import TagReading
import Testing

@testable import Audio

/// MusicBrainz identifiers as Picard writes them, read from real files of every format the
/// scanner takes: Vorbis comments (FLAC by `flac`, Ogg Vorbis by `oggenc`, Opus by
/// `opusenc`), ID3 `TXXX` frames (by `lame`) and the recording's `UFID` frame, and MP4
/// freeform items.
struct MusicBrainzTagTests {
    static let recording = "f3b5b6a1-5cbb-4e2b-9d1e-1c1e6f0a0001"
    static let release = "0b8e4f35-3c39-4a0e-8d2e-2a2e6f0a0002"
    static let artist = "5b11f4ce-a62d-471e-81fc-a69a8278c7da"
    static let work = "c2d8e7a4-0a4b-4a6e-9f3b-3b3e6f0a0004"

    @Test(arguments: [
        ("MUSICBRAINZ_TRACKID", "track"), ("MusicBrainz Album Id", "album"), ("musicbrainz_artistid", "artist"),
        ("MusicBrainz Album Artist Id", "albumArtist"), ("MUSICBRAINZ_RELEASETRACKID", "releaseTrack"), ("MusicBrainz Work Id", "work"),
    ])
    func namesAsPicardWritesThem(key: String, field: String) {
        var identifiers = MusicBrainzIDs()
        func value() -> String? {
            [
                "track": identifiers.track, "album": identifiers.album, "artist": identifiers.artist,
                "albumArtist": identifiers.albumArtist, "releaseTrack": identifiers.releaseTrack, "work": identifiers.work,
            ][field] ?? nil
        }
        let first = identifiers.record(key, " \(Self.recording) ")
        #expect(first)
        #expect(value() == Self.recording)
        let second = identifiers.record(key, "later")
        #expect(second)
        #expect(value() == Self.recording, "the first value stays")
    }

    @Test func otherNamesAndEmptyValuesAreNone() {
        var identifiers = MusicBrainzIDs()
        let releaseGroup = identifiers.record("MusicBrainz Release Group Id", Self.release)
        let gain = identifiers.record("REPLAYGAIN_TRACK_GAIN", "-6 dB")
        let empty = identifiers.record("MUSICBRAINZ_ALBUMID", "  ")
        #expect(!releaseGroup && !gain && empty)
        #expect(identifiers == MusicBrainzIDs())
    }

    @Test func vorbisCommentsInFLACOggAndOpus() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let comments = [
            "MUSICBRAINZ_TRACKID=\(Self.recording)", "MUSICBRAINZ_ALBUMID=\(Self.release)", "MUSICBRAINZ_ARTISTID=\(Self.artist)",
            "MUSICBRAINZ_ALBUMARTISTID=\(Self.artist)", "MUSICBRAINZ_WORKID=\(Self.work)",
        ]
        let expected = MusicBrainzIDs(
            track: Self.recording, album: Self.release, artist: Self.artist, albumArtist: Self.artist, work: Self.work)
        for path in [
            try fixtures.flac("a.flac", comments: comments), try fixtures.vorbis("a.ogg", comments: comments),
            try fixtures.opus("a.opus", comments: comments),
        ] {
            #expect(try AudioTagReader().scanTags(at: path).musicBrainz == expected, "\(path)")
        }
    }

    @Test func id3TextFramesAndTheRecordingsUniqueFileIdentifier() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let texts = try fixtures.mp3(
            "texts.mp3", ["--tv", "TXXX=MusicBrainz Album Id=\(Self.release)", "--tv", "TXXX=MusicBrainz Artist Id=\(Self.artist)"])
        let read = try AudioTagReader().scanTags(at: texts).musicBrainz
        #expect(read == MusicBrainzIDs(album: Self.release, artist: Self.artist))

        for version: UInt8 in [3, 4] {
            var tag = ID3v2TagBuilder(version: version)
            tag.text("TIT2", "Identified")
            tag.frame("UFID", Array("http://example.org".utf8) + [0] + Array("not-this-one".utf8))
            tag.frame("UFID", Array("http://musicbrainz.org".utf8) + [0] + Array(Self.recording.utf8))
            let path = try fixtures.mp3("ufid\(version).mp3", tag: tag)
            let tags = try AudioTagReader().scanTags(at: path)
            #expect(tags.title == "Identified")
            #expect(tags.musicBrainz.track == Self.recording, "ID3v2.\(version)")
        }
    }

    @Test func mp4FreeformItems() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let file = MP4Builder.file(items: [
            MP4Builder.freeform("MusicBrainz Track Id", Self.recording), MP4Builder.freeform("MusicBrainz Album Id", Self.release),
            MP4Builder.freeform("MusicBrainz Release Track Id", Self.work),
        ])
        let path = try fixtures.write("a.m4a", file)
        #expect(
            try AudioTagReader().scanTags(at: path).musicBrainz
                == MusicBrainzIDs(track: Self.recording, album: Self.release, releaseTrack: Self.work))
    }
}
