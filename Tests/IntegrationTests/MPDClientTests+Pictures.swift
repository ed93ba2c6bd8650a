import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// Covers and MusicBrainz identifiers, as MPD's clients read them.
extension MPDClientTests {
    /// A track's cover comes in chunks of the client's binary limit, whole once put
    /// together; a track without one answers `albumart` with MPD's error.
    @Test func coversComeInChunks() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        try rig.addCoveredTrack()
        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        #expect(try mpd.call("binarylimit 64") == ["OK"])
        var picture: [UInt8] = []
        while true {
            let reply = try mpd.call("readpicture A/covered.mp3 \(picture.count)")
            #expect(reply.contains("type: image/jpeg") && reply.contains("size: \(Fixtures.coverJPEG.count)"), "\(reply)")
            guard reply.last == "OK", !mpd.lastBinary.isEmpty else { break }
            #expect(mpd.lastBinary.count <= 64)
            picture += mpd.lastBinary
            if picture.count >= Fixtures.coverJPEG.count { break }
        }
        #expect(picture == Fixtures.coverJPEG)
        #expect(try mpd.call("albumart A/covered.mp3 0").contains("binary: 64"))
        #expect(try mpd.call("albumart A/short-a.mp3 0") == ["ACK [50@0] {albumart} No file exists"])

        // python-mpd2, as clients that show covers use it, gathers the chunks itself.
        let script = """
            import mpd, sys
            client = mpd.MPDClient()
            client.connect(sys.argv[1])
            art = client.albumart("A/covered.mp3")
            picture = client.readpicture("A/covered.mp3")
            print(len(art["binary"]), picture["type"], len(picture["binary"]))
            """
        let python = Subprocess.capture(["/usr/bin/python3", "-c", script, rig.mpdSocket])
        let size = Fixtures.coverJPEG.count
        #expect(python.stdout == "\(size) image/jpeg \(size)\n", "\(python)")
        #expect(try mpd.call("readpicture A/short-a.mp3 0") == ["OK"])
    }

    /// A folder's `cover.jpg` is the cover of its songs that embed none: `albumart` serves it
    /// byte for byte (a song of another folder still has none), `readpicture` stays the
    /// file's own picture as in MPD, and now playing shows it, from the library and for a
    /// file outside it alike.
    @Test func aFoldersCoverIsTheCoverOfItsSongs() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        let music = rig.daemon.directory.path
        try Data(Fixtures.coverJPEG).write(to: URL(fileURLWithPath: music + "/A/cover.jpg"))
        _ = try rig.client.scanLibrary()
        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        let art = try mpd.call("albumart A/short-a.mp3 0")
        #expect(art.first == "size: \(Fixtures.coverJPEG.count)", "\(art)")
        #expect(mpd.lastBinary == Array(Fixtures.coverJPEG.prefix(8192)))
        #expect(try mpd.call("readpicture A/short-a.mp3 0") == ["OK"])
        #expect(try mpd.call("albumart long440.mp3 0") == ["ACK [50@0] {albumart} No file exists"])
        // `mpc albumart` writes the same bytes as the file, chunk after chunk.
        let written = rig.daemon.directory.appending("albumart.out")
        let mpc = try ChildProcess(
            ["/usr/bin/mpc", "albumart", "A/short-a.mp3"], environment: ["MPD_HOST": rig.mpdSocket, "MPD_PORT": nil],
            standardOutput: .file(written))
        #expect(mpc.wait() == 0)
        #expect(FileManager.default.contents(atPath: written).map { [UInt8]($0) } == Fixtures.coverJPEG)
        // The browse tree shows it as the album's artwork and each of its songs'.
        let album = Subprocess.capture([BuiltProducts.rondo, "--socket", rig.daemon.socketPath, "item", "0.0.0.0"])
        #expect(album.stdout.contains("title: Test Tones"), "\(album)")
        let shown = album.stdout.split(separator: "\n").first { $0.hasPrefix("artwork: ") }.map { String($0.dropFirst(9)) }
        #expect(shown.flatMap(URL.init(string:)).flatMap { try? Data(contentsOf: $0) }.map { [UInt8]($0) } == Fixtures.coverJPEG, "\(album)")

        func artwork() throws -> [UInt8]? {
            guard let url = try rig.client.call(Methods.NowPlayingGet.self).info.artwork?.url, let file = URL(string: url) else { return nil }
            return (try? Data(contentsOf: file)).map { [UInt8]($0) }
        }
        #expect(rig.mpc("add", "A/short-b.mp3").status == 0)
        #expect(rig.mpc("play").status == 0)
        #expect(try eventually(within: 5) { try artwork() == Fixtures.coverJPEG }, "now playing, from the library")

        let outside = try TemporaryDirectory(prefix: "rondo-outside")
        defer { outside.remove() }
        try FileManager.default.copyItem(atPath: Fixtures.path("short-a.mp3"), toPath: outside.appending("song.mp3"))
        try Data(Fixtures.coverJPEG).write(to: URL(fileURLWithPath: outside.appending("Folder.jpg")))
        _ = try rig.client.call(Methods.QueueSet.self, QueueItemsParams(items: [outside.appending("song.mp3")]))
        #expect(try rig.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(try eventually(within: 5) { try artwork() == Fixtures.coverJPEG }, "now playing, a file outside the library")
    }

    /// MusicBrainz identifiers, as Picard tags each format, are served as MPD serves them:
    /// in the song's tags, found by `find`, listed by `list`; and now playing shows them.
    @Test func musicBrainzIdentifiersAreServed() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        let release = "0b8e4f35-3c39-4a0e-8d2e-2a2e6f0a0002"
        let recordings = TaggedFiles.formats.indices.map { "f3b5b6a1-5cbb-4e2b-9d1e-1c1e6f0a000\($0)" }
        for (format, recording) in zip(TaggedFiles.formats, recordings) {
            let file = rig.daemon.directory.appending("A/identified.\(format)")
            #expect(TaggedFiles.write(file, title: "Identified", recording: recording, release: release), "\(format)")
        }
        _ = try rig.client.scanLibrary()

        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        for (format, recording) in zip(TaggedFiles.formats, recordings) {
            let found = try mpd.call("find musicbrainz_trackid \(recording)")
            #expect(found.first == "file: A/identified.\(format)", "\(found)")
            #expect(found.contains("MUSICBRAINZ_TRACKID: \(recording)") && found.contains("MUSICBRAINZ_ALBUMID: \(release)"), "\(found)")
        }
        #expect(try mpd.call("find musicbrainz_trackid nothing-of-the-kind") == ["OK"])
        #expect(try mpd.call("list musicbrainz_albumid").contains("MUSICBRAINZ_ALBUMID: \(release)"))
        #expect(try mpd.call("count musicbrainz_albumid \(release)").first == "songs: 4")

        #expect(rig.mpc("add", "A/identified.flac").status == 0)
        #expect(rig.mpc("play").status == 0)
        let info = { try rig.client.call(Methods.NowPlayingGet.self).info }
        #expect(try eventually(within: 5) { try info().musicBrainzTrackID == recordings[1] })
        #expect(try info().musicBrainzAlbumID == release)
    }
}
