import RondoTesting
import Testing

@testable import Streams

/// Parsing playlists: each format's entries in order, resolved, filtered, bounded.
struct PlaylistFileTests {
    private let base = "http://radio.example/lists/station.pls"

    private func entries(_ text: String, _ format: PlaylistFormat, base: String? = nil) throws -> [String] {
        try PlaylistFile(bytes: Array(text.utf8), format: format, base: base ?? self.base).entries
    }

    /// `.pls` entries by their number, relative ones resolved against the playlist.
    @Test func readsPLS() throws {
        let text =
            "[playlist]\r\nNumberOfEntries=3\r\nFile2=http://b.example/two\r\nTitle2=Two\r\nfile1 = http://a.example/one.mp3\r\nFile3=../three.ogg\r\nVersion=2\r\n"
        #expect(try entries(text, .pls) == ["http://a.example/one.mp3", "http://b.example/two", "http://radio.example/three.ogg"])
    }

    /// `.m3u` lines that are no comments, in order; extended info skipped; a BOM ignored.
    @Test func readsM3U() throws {
        let text = "\u{FEFF}#EXTM3U\n#EXTINF:-1,Station\nhttp://a.example/live\n\n  relative/path.mp3  \nhttps://b.example/x y.mp3\n"
        #expect(
            try entries(text, .m3u) == [
                "http://a.example/live", "http://radio.example/lists/relative/path.mp3", "https://b.example/x%20y.mp3",
            ])
    }

    /// An HLS playlist is told apart, so the caller can say it is not supported.
    @Test func refusesHLS() {
        #expect(throws: PlaylistError.hls) {
            try entries("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nseg1.ts\n", .m3u)
        }
    }

    /// XSPF locations of tracks, entities decoded, comments and CDATA handled, namespace
    /// prefixes accepted; an entity is never expanded beyond the predefined ones.
    @Test func readsXSPF() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE playlist [<!ENTITY boom "http://evil.example/">]>
            <playlist version="1" xmlns="http://xspf.org/ns/0/">
              <location>http://not-a-track.example/</location>
              <trackList>
                <track><title>One</title><location>http://a.example/one?x=1&amp;y=2</location></track>
                <!-- <track><location>http://commented.example/</location></track> -->
                <x:track><x:location><![CDATA[http://b.example/two&three]]></x:location></x:track>
                <track><location>&boom;</location></track>
                <track><location>relative.mp3</location></track>
              </trackList>
            </playlist>
            """
        #expect(
            try entries(text, .xspf) == [
                "http://a.example/one?x=1&y=2", "http://b.example/two&three", "http://radio.example/lists/relative.mp3",
            ])
    }

    /// Only http and https entries come from a playlist on the network (a path is one on
    /// the playlist's server); a playlist read from disk may name local files too.
    @Test func filtersSchemes() throws {
        let text = "file:///etc/passwd\n/etc/shadow\nftp://x.example/a.mp3\njavascript:alert(1)\nhttp://ok.example/a.mp3\n"
        #expect(try entries(text, .m3u) == ["http://radio.example/etc/shadow", "http://ok.example/a.mp3"])
        #expect(
            try entries("/music/a.mp3\nb.flac\n../c.ogg\nfile:///music/d.opus\nhttp://ok.example/e.mp3\n", .m3u, base: "/home/me/lists/x.m3u")
                == ["/music/a.mp3", "/home/me/lists/b.flac", "/home/me/c.ogg", "/music/d.opus", "http://ok.example/e.mp3"])
    }

    /// A playlist with nothing to play, or too much text, is a clear error.
    @Test func boundsAndEmptiness() {
        #expect(throws: PlaylistError.noEntries) { try entries("[playlist]\nNumberOfEntries=0\n", .pls) }
        #expect(throws: PlaylistError.noEntries) { try entries("", .xspf) }
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: PlaylistFile.maximumBytes + 1)
        #expect(throws: PlaylistError.tooLarge(huge.count)) { try PlaylistFile(bytes: huge, format: .m3u, base: base) }
    }

    /// At most 10,000 entries are kept, the first ones.
    @Test func keepsTheFirstTenThousandEntries() throws {
        let text = (0..<12_000).map { "http://a.example/\($0).mp3" }.joined(separator: "\n")
        let found = try entries(text, .m3u)
        #expect(found.count == PlaylistFile.maximumEntries)
        #expect(found.last == "http://a.example/9999.mp3")
    }

    /// The format by content type first, then by the address's extension.
    @Test func tellsTheFormat() {
        #expect(PlaylistFormat(path: "http://a/b.pls") == .pls)
        #expect(PlaylistFormat(path: "http://a/b.M3U8?token=1") == .m3u)
        #expect(PlaylistFormat(path: "http://a/b.xspf#x") == .xspf)
        #expect(PlaylistFormat(path: "http://a/stream", contentType: "audio/x-mpegurl") == .m3u)
        #expect(PlaylistFormat(path: "http://a/stream.mp3", contentType: "application/vnd.apple.mpegurl") == .m3u)
        #expect(PlaylistFormat(path: "http://a/list.pls", contentType: "audio/x-scpls") == .pls)
        #expect(PlaylistFormat(path: "http://a.pls/stream", contentType: "audio/mpeg") == nil)
        #expect(PlaylistFormat(path: "http://a/stream.mp3") == nil)
    }

    /// Random and truncated playlists never crash: each ends in entries or a clear error.
    @Test(.tags(.fuzz), .fullLane(.fuzz)) func fuzzedPlaylistsEndCleanly() {
        var generator = SplitMix64(seed: 42)
        let seeds = [
            "[playlist]\nFile1=http://a.example/1\nFile2=rel\n",
            "#EXTM3U\n#EXTINF:1,x\nhttp://a.example/1\n",
            "<playlist><trackList><track><location>http://a.example/&amp;</location></track></trackList></playlist>",
        ].map { Array($0.utf8) }
        let alphabet = Array("<>/&;#=[]:'\"\n\r\0 abcxyzhttp".utf8) + [0xC3, 0xFF, 0x80]
        for round in 0..<3_000 {
            var bytes = seeds[round % seeds.count]
            switch round % 3 {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            case 1:
                for _ in 0..<Int.random(in: 1...8, using: &generator) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = alphabet.randomElement(using: &generator)!
                }
            default: bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            }
            for format in PlaylistFormat.allCases {
                do {
                    let playlist = try PlaylistFile(bytes: bytes, format: format, base: base)
                    #expect(!playlist.entries.isEmpty)
                    #expect(playlist.entries.allSatisfy { $0.hasPrefix("http://") || $0.hasPrefix("https://") })
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }
}
