import Foundation
import RondoTesting
import TagReading
import Testing

@testable import Audio

/// ``AudioTagReader`` picks the reader by content, whatever the file is named, and says
/// why a file of no known format is refused.
struct AudioTagReaderTests {
    private let reader = AudioTagReader()

    /// Each format is read under every other format's name.
    @Test func choosesByContentNotName() throws {
        let encoded = try EncodedFixtures()
        let mp3s = try MP3Fixtures()
        defer {
            encoded.remove()
            mp3s.remove()
        }
        let files = [
            ("flac-named.mp3", try encoded.flac("a.flac", comments: ["TITLE=From FLAC"]), "From FLAC"),
            ("vorbis-named.opus", try encoded.vorbis("a.ogg", comments: ["TITLE=From Vorbis"]), "From Vorbis"),
            ("opus-named.flac", try encoded.opus("a.opus", comments: ["TITLE=From Opus"]), "From Opus"),
            ("mp3-named.ogg", try mp3s.mp3("a.mp3", ["--tt", "From MP3"]), "From MP3"),
        ]
        for (name, source, title) in files {
            let renamed = encoded.directory.appending(name)
            try FileManager.default.copyItem(atPath: source, toPath: renamed)
            #expect(try reader.scanTags(at: renamed).title == title, "\(name)")
        }
        let format = try AudioFileFormat.detect(try TagFile(path: files[0].1))
        #expect(format == .flac(offset: 0))
    }

    /// A file of no known format is `notMP3` under an `.mp3` name and `unsupportedFormat`
    /// under any other; an empty or missing file says so.
    @Test func refusesUnknownContent() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let text = Array(String(repeating: "not audio\n", count: 80).utf8)
        #expect(throws: TagReadFailure.notMP3) { try reader.scanTags(at: try fixtures.write("text.mp3", text)) }
        #expect(throws: TagReadFailure.unsupportedFormat) { try reader.scanTags(at: try fixtures.write("text.flac", text)) }
        #expect(throws: TagReadFailure.empty) { try reader.scanTags(at: try fixtures.write("empty.opus", [])) }
        #expect(throws: TagReadFailure.unreadable(reason: "No such file or directory")) {
            try reader.scanTags(at: fixtures.directory.appending("missing.ogg"))
        }
        #expect(TagReadFailure.malformed(format: "FLAC", reason: "x").description == "damaged FLAC file: x")
    }
}
