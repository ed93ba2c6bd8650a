import Audio
import RondoTesting
import Testing

@testable import Streams

/// The opener of locations: files as files, addresses as streams, playlists through to
/// their first entry that answers.
@Suite struct StreamOpenerTests {
    let server: TestHTTPServer
    let file = StreamReading.bytes(count: 50_000, seed: 5)
    let opener = StreamOpener(options: HTTPOptions(timeout: 2, resumeWithin: 2))

    init() throws {
        server = try TestHTTPServer()
        try server.write("a.bin", file)
    }

    /// Locations are told apart by their scheme.
    @Test func tellsNetworkLocations() {
        #expect(StreamOpener.isNetworkLocation("http://a/b.mp3"))
        #expect(StreamOpener.isNetworkLocation("HTTPS://a/b.mp3"))
        #expect(!StreamOpener.isNetworkLocation("/music/a.mp3"))
        #expect(!StreamOpener.isNetworkLocation("ftp://a/b.mp3"))
        #expect(!StreamOpener.isNetworkLocation("http:/a"))
    }

    /// A path opens a file; an address a stream of the same bytes.
    @Test func opensFilesAndAddresses() throws {
        let fromFile = try opener.open(server.root + "/a.bin")
        #expect(fromFile is FileByteSource)
        #expect(try StreamReading.readAll(fromFile) == file)
        let fromNetwork = try opener.open(server.url("a.bin"))
        #expect(fromNetwork.isRemote)
        #expect(try StreamReading.readAll(fromNetwork) == file)
    }

    /// Each playlist format resolves to its first entry that answers: entries that fail
    /// are skipped, relative ones resolved against the playlist's address.
    @Test(arguments: ["list.pls", "list.m3u", "list.xspf", "nested.m3u"])
    func playlistOpensItsFirstAnsweringEntry(name: String) throws {
        try writePlaylists()
        let source = try opener.open(server.url(name))
        let stream = try #require(source as? HTTPByteSource)
        #expect(stream.finalURL == server.url("a.bin"))
        #expect(try StreamReading.readAll(stream) == file)
    }

    /// A playlist none of whose entries answers is `unreachable`, each entry's reason given.
    @Test func playlistWithoutAnsweringEntryIsUnreachable() throws {
        try server.write("dead.m3u", Array("\(server.url(.status(404)))\n\(server.url(.status(500)))\n".utf8))
        let result = Result { try opener.open(server.url("dead.m3u")) }
        let reason = result.failure.flatMap(StreamReading.unreachableReason)
        #expect(reason?.contains("HTTP 404 Not Found") == true)
        #expect(reason?.contains("HTTP 500") == true)
    }

    /// An HLS playlist is refused with a reason saying so.
    @Test func hlsIsRefused() throws {
        try server.write("live.m3u8", Array("#EXTM3U\n#EXT-X-VERSION:3\nseg.ts\n".utf8))
        let result = Result { try opener.open(server.url("live.m3u8")) }
        guard case .decodeFailed(_, let reason) = result.failure as? AudioError else {
            Issue.record("expected decodeFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(reason.contains("HLS"))
    }

    private func writePlaylists() throws {
        let dead = server.url(.status(404))
        try server.write("list.pls", Array("[playlist]\nFile1=\(dead)\nFile2=a.bin\nNumberOfEntries=2\n".utf8))
        try server.write("list.m3u", Array("#EXTM3U\n#EXTINF:-1,Dead\n\(dead)\n\(server.url("a.bin"))\n".utf8))
        try server.write(
            "list.xspf",
            Array(
                "<playlist><trackList><track><location>\(dead)</location></track><track><location>a.bin</location></track></trackList></playlist>"
                    .utf8))
        try server.write("nested.m3u", Array("\(server.url(.status(500)))\nlist.pls\n".utf8))
    }
}
