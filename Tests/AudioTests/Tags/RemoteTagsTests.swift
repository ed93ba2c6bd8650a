import Foundation
import RondoTesting
import TagReading
import Testing

@testable import Audio

/// A remote file's tags are read through its byte source, by ranges, as a local file's are
/// from disk: the same title, artist, genre, format and length.
struct RemoteTagsTests {
    @Test(arguments: ["tone440.mp3", "speech440.mp3", "tone440.flac", "tone440.ogg", "tone440.opus"])
    func aRemoteFileHasTheTagsOfTheSameFileOnDisk(name: String) throws {
        let path = Fixtures.path(name)
        let local = try AudioTagReader().scanTags(at: path)
        let source = GatedByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let remote = try AudioTagReader().scanTags(of: source)
        #expect(remote.title == local.title)
        #expect(remote.artist == local.artist)
        #expect(remote.genre == local.genre)
        #expect(remote.sampleRate == local.sampleRate)
        #expect(remote.channels == local.channels)
        #expect(abs((remote.duration ?? 0) - (local.duration ?? -1)) < 0.05)
    }

    /// A live stream has no offsets to read at: refused, not read to its end.
    @Test func aLiveStreamIsRefused() throws {
        let source = GatedByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("tone440.mp3")))), live: true)
        #expect(throws: TagReadFailure.self) { try AudioTagReader().scanTags(of: source) }
    }
}
