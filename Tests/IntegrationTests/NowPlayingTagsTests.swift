import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// The full now-playing dictionary from a file's tags (SPEC §3) through the real daemon:
/// album artist, genre, composer, disc, a restart-stable content identifier and the cover
/// cached under `$XDG_CACHE_HOME/rondo/artwork`; an untagged file has none of the tag keys.
@Suite
struct NowPlayingTagsTests {
    /// The tag keys an untagged file must not have.
    private static let tagKeys: Set<String> = [
        "title", "artist", "albumTitle", "albumArtist", "genre", "composer", "albumTrackNumber", "discNumber", "artwork",
    ]

    /// A fully tagged file shows every tag, `isLiveStream` false, an identifier that is the
    /// same after a restart, and artwork whose file under the daemon's cache holds the cover.
    @Test func nowPlayingShowsEveryTagAndTheCachedCover() throws {
        let music = try TemporaryDirectory(prefix: "rondo-tagged")
        defer { music.remove() }
        let cover = music.appending("cover.jpg")
        try Data(Fixtures.coverJPEG).write(to: URL(fileURLWithPath: cover))
        let file = try Self.mp3(
            in: music, named: "tagged.mp3",
            tags: [
                "--tt", "Title", "--ta", "Artist", "--tl", "Album", "--tn", "2/9", "--tg", "Jazz",
                "--tv", "TPE2=Album Artist", "--tv", "TCOM=Composer", "--tv", "TPOS=1/2", "--ti", cover, "--id3v2-only",
            ])

        let first = try DaemonProcess(pulseServer: nil)
        try Self.queue(file, on: first)
        let info = try Self.nowPlaying(first)
        #expect(info["albumArtist"] == .string("Album Artist"))
        #expect(info["genre"] == .string("Jazz"))
        #expect(info["composer"] == .string("Composer"))
        #expect(info["discNumber"] == .number(1))
        #expect(info["albumTrackNumber"] == .number(2))
        #expect(info["isLiveStream"] == .bool(false))
        let identifier = try #require(info["externalContentIdentifier"]?.text)
        #expect(identifier.hasPrefix("rondo:track:"))

        let artwork = try #require(info["artwork"])
        #expect(artwork["mimeType"] == .string("image/jpeg"))
        #expect(artwork["width"] == .number(5))
        #expect(artwork["height"] == .number(4))
        let url = try #require(artwork["url"]?.text.flatMap(URL.init(string:)))
        #expect(url.isFileURL)
        #expect(url.deletingLastPathComponent().path == first.directory.appending("cache/rondo/artwork"))
        #expect(try [UInt8](Data(contentsOf: url)) == Fixtures.coverJPEG)

        #expect(first.stop() == 0)
        let second = try DaemonProcess(pulseServer: nil, restarting: first)
        let again = try Self.nowPlaying(second)
        #expect(again["externalContentIdentifier"] == .string(identifier))
        #expect(again["artwork"] == artwork)
    }

    /// A file without tags has none of the tag keys (not even empty strings) and no artwork;
    /// it still has its own content identifier, since that names the file, not its tags.
    @Test func untaggedFileHasNoTagKeys() throws {
        let music = try TemporaryDirectory(prefix: "rondo-untagged")
        defer { music.remove() }
        let tagged = try Self.mp3(in: music, named: "tagged.mp3", tags: ["--tt", "Tagged", "--id3v2-only"])
        let bare = try Self.mp3(in: music, named: "bare.mp3", tags: [])
        let daemon = try DaemonProcess(pulseServer: nil)

        try Self.queue(tagged, on: daemon)
        let taggedIdentifier = try Self.nowPlaying(daemon)["externalContentIdentifier"]
        try Self.queue(bare, on: daemon)
        let info = try Self.nowPlaying(daemon)
        let keys = try #require(info.keys)
        #expect(keys.isDisjoint(with: Self.tagKeys), "unexpected: \(keys.intersection(Self.tagKeys))")
        #expect(info["isLiveStream"] == .bool(false))
        #expect(info["externalContentIdentifier"]?.text?.hasPrefix("rondo:track:") == true)
        #expect(info["externalContentIdentifier"] != taggedIdentifier)
        #expect(!FileManager.default.fileExists(atPath: daemon.directory.appending("cache/rondo/artwork")))
    }

    /// Makes `file` the whole queue, current at index 0. The player reads an entry's tags
    /// when it loads it, so the request also asks to play; without a PulseAudio server that
    /// stops at the output and leaves the entry loaded, paused.
    private static func queue(_ file: String, on daemon: DaemonProcess) throws {
        let count = try daemon.client().call(Methods.QueueSet.self, QueueItemsParams(items: [file], startIndex: 0, play: true))
        #expect(count.count == 1)
    }

    /// The `info` object of a raw `nowPlaying.get` reply, so absent keys are visible.
    private static func nowPlaying(_ daemon: DaemonProcess) throws -> JSONValue {
        let socket = try RawSocket(path: daemon.socketPath)
        defer { socket.close() }
        return try #require(try socket.call("nowPlaying.get", id: 1)["result"]?["info"])
    }

    /// Half a second of 44.1 kHz mono tone encoded by `lame` with `tags` (its ID3 options).
    private static func mp3(in directory: TemporaryDirectory, named name: String, tags: [String]) throws -> String {
        let wav = directory.appending(name + ".wav")
        #expect(Subprocess.run(["/usr/bin/sox", "-n", "-r", "44100", "-c", "1", wav, "synth", "0.5", "sine", "440", "vol", "0.1"]) == 0)
        let path = directory.appending(name)
        let lame = Subprocess.capture(["/usr/bin/lame", "--quiet", "-b", "64"] + tags + [wav, path])
        try #require(lame.status == 0, "lame failed: \(lame.stderr)")
        return path
    }
}
