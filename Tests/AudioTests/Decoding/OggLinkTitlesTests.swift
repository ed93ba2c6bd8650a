import Foundation
import RondoTesting
import Testing
import TextEncodings

@testable import Audio

/// A live Ogg station says each song in the comments of the link it begins: the decoder
/// says `ARTIST - TITLE` as an ICY station would, when the listener reaches that link.
struct OggLinkTitlesTests {
    @Test func titleIsArtistThenTitle() {
        #expect(OggLinkTitles.streamTitle(comments: ["ARTIST=Nina", "title=Sinnerman", "ENCODER=x"]) == "Nina - Sinnerman")
        #expect(OggLinkTitles.streamTitle(comments: ["TITLE=News at Ten"]) == "News at Ten")
        #expect(OggLinkTitles.streamTitle(comments: ["ARTIST=Nina", "TITLE=  "]) == nil)
        #expect(OggLinkTitles.streamTitle(comments: ["TITLE", "ARTIST=A=B", "TITLE=x=y"]) == "A=B - x=y")
        #expect(OggLinkTitles.streamTitle(comments: []) == nil)
    }

    @Test func eachLinkIsSaidOnceAndOnlyAChange() {
        var titles = OggLinkTitles()
        #expect(titles.said(byLink: 1) { ["ENCODER=Lavf"] } == nil)
        #expect(titles.said(byLink: 2) { ["TITLE=One"] } == ["StreamTitle": "One"])
        #expect(
            titles.said(byLink: 2) {
                Issue.record("comments of a link read twice")
                return []
            } == nil)
        #expect(titles.said(byLink: 3) { ["TITLE=One"] } == nil)
        #expect(titles.said(byLink: 4) { [] } == ["StreamTitle": ""])
    }

    /// A comment header's text is read in the encoding the station's address named, else
    /// UTF-8, else Windows-1252, and without control characters.
    @Test func commentsAreReadInTheNamedEncodingWithoutControls() throws {
        let raw: [[UInt8]] = [
            Array("TITLE=".utf8) + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], Array("ARTIST=Don".utf8) + [0x92] + Array("t\n\u{1B}[1mGo".utf8),
        ]
        let texts = raw.map { bytes in
            let text = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            text.withMemoryRebound(to: UInt8.self, capacity: bytes.count) { $0.initialize(from: bytes, count: bytes.count) }
            return Optional(text)
        }
        defer {
            for text in texts { text?.deallocate() }
        }
        var pointers = texts
        var lengths = raw.map { Int32($0.count) }
        let cp1251 = try #require(TextEncoding(named: "cp1251"))
        let read = { (encoding: TextEncoding?) in
            pointers.withUnsafeMutableBufferPointer { texts in
                lengths.withUnsafeMutableBufferPointer { lengths in
                    OggLinkTitles.comments(texts.baseAddress, lengths: lengths.baseAddress, count: 2, encoding: encoding)
                }
            }
        }
        #expect(read(cp1251) == ["TITLE=Привет", "ARTIST=Don’t Go"])
        #expect(read(nil) == ["TITLE=Ïðèâåò", "ARTIST=Don’t Go"])
    }

    /// The two songs of a chained live stream, each said when its first samples are read.
    @Test(arguments: ["titled-songs.ogg", "titled-songs.opus"])
    func aLiveStreamSaysEachSongWhenItIsReached(fixture: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(fixture))))
        let decoder = try AudioDecoders.open("live") { _ throws(AudioError) in GatedByteSource(bytes, live: true) }
        let songLength = decoder.format.sampleRate * 3 / 2 * decoder.format.channels
        let (said, read) = try Self.readAll(decoder)

        #expect(said.map(\.title) == ["Artist One - Song One", "Artist Two - Song Two"])
        #expect(said.first.map { $0.sample <= 4096 } == true, "the first song said at sample \(said.first?.sample ?? -1)")
        if said.count == 2 {
            #expect(abs(said[1].sample - songLength) < 8192, "the second song said at sample \(said[1].sample) of \(read)")
        }
    }

    /// A remote file's links are its tags, not songs of a station: nothing is said.
    @Test func aFileSaysNothing() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("titled-songs.ogg"))))
        let decoder = try AudioDecoders.open("file") { _ throws(AudioError) in GatedByteSource(bytes) }
        #expect(try Self.readAll(decoder).said.isEmpty)
    }

    /// Reads `decoder` to its end (within 10 s), noting each title said and the sample
    /// count read when it was.
    private static func readAll(_ decoder: any AudioDecoder) throws -> (said: [(sample: Int, title: String)], read: Int) {
        var said: [(sample: Int, title: String)] = []
        var read = 0
        var chunk = [Float](repeating: 0, count: 1024)
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if decoder.waitsForInput {
                Thread.sleep(forTimeInterval: 0.002)
                continue
            }
            let count = try chunk.withUnsafeMutableBufferPointer { buffer throws(AudioError) in try decoder.read(into: buffer) }
            if count == 0 { break }
            read += count
            if let title = decoder.takeMetadata()?["StreamTitle"] { said.append((read, title)) }
        }
        return (said, read)
    }
}
