import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// MPD's clients drive the real daemon over its MPD socket (SPEC §13): `mpc` (Debian's)
/// plays, edits the queue, searches and lists the library, changes the modes and the
/// volume, and waits in `idle` while another remote moves the music on; a raw client sees
/// MPD's greeting, replies, errors and command lists; TCP asks for the password; a call
/// refuses `play` with the arbiter's reason. What each command did is read back through
/// Rondo's own socket.
@Suite
struct MPDClientTests {
    /// A daemon playing to no sound card over a library of three tracks:
    /// `A/short-a.mp3`, `A/short-b.mp3`, `long440.mp3`, scanned.
    struct Rig {
        let daemon: DaemonProcess
        let client: RondoClient

        init(arguments: [String] = []) throws {
            daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"] + arguments)
            let music = daemon.directory.path
            try FileManager.default.createDirectory(atPath: music + "/A", withIntermediateDirectories: true)
            for (name, target) in [("short-a.mp3", "A/short-a.mp3"), ("short-b.mp3", "A/short-b.mp3"), ("long440.mp3", "long440.mp3")] {
                try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: music + "/" + target)
            }
            client = try daemon.client()
            _ = try client.scanLibrary()
        }

        var mpdSocket: String { daemon.directory.appending("mpd.sock") }

        /// Adds `A/covered.mp3`, a half-second tone titled "Covered" with ``Fixtures/coverJPEG``
        /// embedded, and scans it into the library.
        func addCoveredTrack() throws {
            let music = daemon.directory.path
            let cover = music + "/cover.jpg"
            try Data(Fixtures.coverJPEG).write(to: URL(fileURLWithPath: cover))
            let wav = music + "/tone.wav"
            #expect(Subprocess.run(["/usr/bin/sox", "-n", "-r", "44100", "-c", "1", wav, "synth", "0.5", "sine", "440"]) == 0)
            #expect(Subprocess.run(["/usr/bin/lame", "--quiet", "--tt", "Covered", "--ti", cover, wav, music + "/A/covered.mp3"]) == 0)
            try FileManager.default.removeItem(atPath: wav)
            try FileManager.default.removeItem(atPath: cover)
            _ = try client.scanLibrary()
        }

        /// Runs `mpc` against the daemon's MPD socket.
        func mpc(_ words: String...) -> (status: Int32, stdout: String, stderr: String) {
            Subprocess.capture(["/usr/bin/mpc"] + words, environment: ["MPD_HOST": mpdSocket, "MPD_PORT": nil])
        }

        /// The queue's files, by their paths under the music directory.
        func queue() throws -> [String] {
            try client.call(Methods.QueueGet.self, QueueGetParams()).items.map { item in
                let path = URL(string: item.assetURL)?.path ?? item.assetURL
                return String(path.dropFirst(daemon.directory.path.count + 1))
            }
        }

        func nowPlaying() throws -> NowPlayingState { try client.call(Methods.NowPlayingGet.self) }
    }

    @Test func mpcPlaysAndEditsTheQueue() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        // In MPD's order: a directory's songs, then its subdirectories.
        #expect(rig.mpc("ls").stdout == "long440.mp3\nA\n")
        #expect(rig.mpc("listall").stdout == "long440.mp3\nA/short-a.mp3\nA/short-b.mp3\n")
        #expect(rig.mpc("add", "A").status == 0)
        #expect(rig.mpc("add", "long440.mp3").status == 0)
        #expect(try rig.queue() == ["A/short-a.mp3", "A/short-b.mp3", "long440.mp3"])
        #expect(rig.mpc("playlist").stdout == "Rondo Fixtures - Short A\nRondo Fixtures - Short B\nRondo Fixtures - Long 440\n")

        #expect(rig.mpc("play", "3").status == 0)
        #expect(try rig.nowPlaying().playbackState == .playing)
        #expect(try rig.nowPlaying().info.title == "Long 440")
        let status = rig.mpc("status").stdout
        #expect(status.contains("[playing] #3/3"), "\(status)")
        // What plays decodes to floating point at the file's rate (MPD's `audio`), from a
        // file of lame's 128 kbit/s with its tags (`bitrate`).
        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        #expect(MPCSideBySideTests.wait(upTo: 5) { (try? mpd.fields("status"))?["audio"] == "44100:f:2" })
        let bitRate = Int(try mpd.fields("status")["bitrate"] ?? "") ?? 0
        #expect((128...136).contains(bitRate), "bitrate: \(bitRate)")
        #expect(rig.mpc("seek", "10").status == 0)
        #expect((try rig.nowPlaying().info.elapsedPlaybackTime ?? 0) >= 10)
        #expect(rig.mpc("pause").status == 0)
        #expect(try rig.nowPlaying().playbackState == .paused)
        // Past its first 3 s, previous starts the song again, as the command center's
        // previousTrack does; then it goes to the song before.
        #expect(rig.mpc("prev").status == 0)
        #expect(try rig.nowPlaying().info.title == "Long 440")
        #expect((try rig.nowPlaying().info.elapsedPlaybackTime ?? 99) < 3)
        #expect(rig.mpc("prev").status == 0)
        #expect(try rig.nowPlaying().info.title == "Short B")
        #expect(rig.mpc("current").stdout == "Rondo Fixtures - Short B\n")
        #expect(rig.mpc("next").status == 0)
        #expect(try rig.nowPlaying().info.title == "Long 440")
        #expect(rig.mpc("prev").status == 0)

        #expect(rig.mpc("move", "3", "1").status == 0)
        #expect(try rig.queue() == ["long440.mp3", "A/short-a.mp3", "A/short-b.mp3"])
        #expect(rig.mpc("del", "1").status == 0)
        #expect(try rig.queue() == ["A/short-a.mp3", "A/short-b.mp3"])
        #expect(rig.mpc("crop").status == 0)
        #expect(try rig.queue() == ["A/short-b.mp3"], "crop keeps the current song only")

        #expect(rig.mpc("random", "on").status == 0)
        #expect(rig.mpc("repeat", "on").status == 0)
        var modes = try rig.client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(modes.shuffle == .items && modes.repeat == .all)
        #expect(rig.mpc("single", "on").status == 0)
        modes = try rig.client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(modes.repeat == .one, "single is repeat one")
        #expect(rig.mpc("single", "off").status == 0)
        #expect(try rig.client.call(Methods.QueueGet.self, QueueGetParams()).repeat == .all)
        #expect(rig.mpc("consume", "on").status != 0, "consume is refused with why")
        #expect(rig.mpc("volume", "40").status == 0)
        #expect(try rig.client.call(Methods.PlayerVolumeGet.self).volume == 0.4)
        #expect(rig.mpc("volume").stdout.contains("40%"))

        #expect(rig.mpc("search", "title", "short").stdout == "A/short-a.mp3\nA/short-b.mp3\n")
        #expect(rig.mpc("find", "title", "short").stdout.isEmpty, "find compares whole values")
        #expect(rig.mpc("find", "title", "Long 440").stdout == "long440.mp3\n")
        #expect(rig.mpc("list", "album", "group", "artist").stdout.contains("Test Tones"))
        #expect(rig.mpc("clear").status == 0)
        #expect(try rig.queue().isEmpty)
        #expect(rig.mpc("findadd", "album", "Test Tones").status == 0)
        #expect(try rig.queue().count == 3)
        #expect(rig.mpc("update").status == 0)
        let outputs = rig.mpc("outputs").stdout
        #expect(outputs.contains("Output 1 (rondo) is enabled") && outputs.contains("Output 2 (snapcast) is disabled"), "\(outputs)")
    }

    /// `mpc idle player` waits until another remote (`rondo next`) moves the music on.
    @Test func idleWakesWhenAnotherRemoteMovesTheMusic() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        #expect(rig.mpc("add", "A").status == 0)
        #expect(rig.mpc("play").status == 0)
        let idle = try MPDLineClient(socketPath: rig.mpdSocket)
        try idle.write("idle player playlist\n")
        Thread.sleep(forTimeInterval: 0.3)
        _ = try rig.client.call(Methods.RemoteSend.self, RemoteSendParams(command: .nextTrack))
        #expect(try idle.reply() == ["changed: player", "OK"])
        // Changes while the client was busy are kept for its next idle.
        _ = try rig.client.call(Methods.QueueClear.self)
        Thread.sleep(forTimeInterval: 0.3)
        let kept = try idle.call("idle playlist")
        #expect(kept == ["changed: playlist", "OK"], "\(kept)")
        // noidle ends a wait with nothing.
        try idle.write("idle mixer\n")
        #expect(try idle.call("noidle") == ["OK"])
        #expect(try idle.call("ping") == ["OK"])

        let waiting = Subprocess.capture(["/usr/bin/timeout", "5", "/usr/bin/mpc", "idle", "mixer"], environment: ["MPD_HOST": rig.mpdSocket])
        #expect(waiting.status == 124, "nothing changed the mixer: mpc idle waits")
    }

    /// Messages between clients (mpdscribble's "love", `mpc sendmessage`): a subscriber
    /// waiting in `idle message` is woken by another client's message and reads it once; a
    /// client not subscribed reads nothing; `mpc channels` lists what is subscribed to; a
    /// channel nobody hears refuses the message.
    @Test func messagesReachTheSubscribersOfTheirChannel() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        let listener = try MPDLineClient(socketPath: rig.mpdSocket)
        #expect(try listener.call("subscribe love") == ["OK"])
        #expect(rig.mpc("channels").stdout == "love\n")
        try listener.write("idle message\n")
        let sent = rig.mpc("sendmessage", "love", "A/short-a.mp3")
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try listener.reply() == ["changed: message", "OK"])
        #expect(try listener.call("readmessages") == ["channel: love", "message: A/short-a.mp3", "OK"])
        #expect(try listener.call("readmessages") == ["OK"])
        let bystander = try MPDLineClient(socketPath: rig.mpdSocket)
        #expect(try bystander.call("readmessages") == ["OK"])
        let unheard = rig.mpc("sendmessage", "nobody", "x")
        #expect(unheard.status != 0 && unheard.stderr.contains("nobody is subscribed"), "\(unheard)")
        #expect(try listener.call("unsubscribe love") == ["OK"])
        #expect(rig.mpc("channels").stdout == "")
    }

    /// MPD's greeting, reply formats, errors and command lists, byte for byte where MPD
    /// defines them.
    @Test func repliesAndErrorsAreMPDs() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        #expect(mpd.greeting == "OK MPD 0.23.5")
        #expect(try mpd.call("fly") == ["ACK [5@0] {} unknown command \"fly\""])
        #expect(try mpd.call("play x") == ["ACK [2@0] {play} Integer expected: x"])
        // MPD's words: a command of a fixed count is told the count is wrong; others, which way.
        #expect(try mpd.call("status extra") == ["ACK [2@0] {status} wrong number of arguments for \"status\""])
        #expect(try mpd.call("play 1 2") == ["ACK [2@0] {play} too many arguments for \"play\""])
        #expect(try mpd.call("list") == ["ACK [2@0] {list} too few arguments for \"list\""])
        #expect(try mpd.call("add \"unclosed") == ["ACK [5@0] {} Missing closing '\"'"])
        #expect(try mpd.call("add nowhere.mp3").first?.hasPrefix("ACK [50@0] {add}") == true)

        try mpd.write("command_list_ok_begin\nadd A/short-a.mp3\nadd long440.mp3\nstatus\ncommand_list_end\n")
        let list = try mpd.reply()
        #expect(list.filter { $0 == "list_OK" }.count == 3 && list.last == "OK", "\(list)")
        #expect(list.contains("playlistlength: 2"))
        try mpd.write("command_list_begin\nping\nadd nowhere.mp3\nadd long440.mp3\ncommand_list_end\n")
        let failed = try mpd.reply()
        #expect(failed.count == 1 && failed[0].hasPrefix("ACK [50@1] {add}"), "\(failed)")
        #expect(try rig.queue().count == 2, "a list stops at its first failure")

        let info = try mpd.call("playlistinfo")
        #expect(info.filter { $0.hasPrefix("file: ") } == ["file: A/short-a.mp3", "file: long440.mp3"])
        #expect(info.contains("Pos: 1") && info.contains("Title: Long 440"))
        let ids = info.filter { $0.hasPrefix("Id: ") }
        #expect(ids.count == 2)
        let status = try mpd.fields("status")
        let version = try #require(status["playlist"])
        #expect(try mpd.call("plchanges \(version)") == ["OK"], "nothing changed since the version status gave")
        #expect(try mpd.call("deleteid \(ids[0].dropFirst(4))") == ["OK"])
        #expect(try rig.queue() == ["long440.mp3"])
        #expect(try mpd.call("plchanges \(version)").contains("file: long440.mp3"))
        #expect(try mpd.call("playid 99999") == ["ACK [50@0] {playid} No such song"])

        let count = try mpd.call("count \"(album == 'Test Tones')\"")
        #expect(count.first == "songs: 3", "\(count)")
        let grouped = try mpd.call("list title \"(title contains 'Short')\" group album")
        #expect(grouped == ["Album: Test Tones", "Title: Short A", "Title: Short B", "OK"], "\(grouped)")
        #expect(try mpd.call("find \"(title == 'x'\"").first?.hasPrefix("ACK [2@0] {find}") == true)
        #expect(try mpd.call("lsinfo A").filter { $0.hasPrefix("file: ") } == ["file: A/short-a.mp3", "file: A/short-b.mp3"])
        #expect(try mpd.call("lsinfo ../etc").first?.hasPrefix("ACK [50@0] {lsinfo}") == true)

        // A line longer than any command closes the connection, as MPD does.
        try mpd.write(String(repeating: "x", count: 70_000) + "\n")
        #expect(mpd.isClosed())
    }

    /// Playlists MPD clients save are kept beside the database and come back after a
    /// restart; the music directory's own playlist files are listed and loaded, never
    /// changed.
    @Test func storedPlaylistsAreSavedAndTheLibrarysAreReadOnly() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        try Data("A/short-b.mp3\nlong440.mp3\n".utf8).write(to: URL(fileURLWithPath: rig.daemon.directory.appending("mix.m3u")))
        _ = try rig.client.scanLibrary()
        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        #expect(try mpd.call("add A") == ["OK"])
        #expect(try mpd.call("save evening") == ["OK"])
        #expect(try mpd.call("save evening") == ["ACK [56@0] {save} Playlist already exists"])
        #expect(try mpd.call("playlistadd evening long440.mp3") == ["OK"])
        #expect(try mpd.call("playlistdelete evening 0") == ["OK"])
        #expect(try mpd.call("listplaylist evening") == ["file: A/short-b.mp3", "file: long440.mp3", "OK"])
        #expect(try mpd.call("listplaylists").filter { $0.hasPrefix("playlist: ") } == ["playlist: evening", "playlist: mix"])
        #expect(try mpd.call("listplaylist mix") == ["file: A/short-b.mp3", "file: long440.mp3", "OK"])
        #expect(try mpd.call("rm mix").first?.hasPrefix("ACK [4@0] {rm} mix is a playlist file of the music directory") == true)
        #expect(try mpd.call("rename evening night") == ["OK"])
        #expect(try mpd.call("listplaylistinfo night").contains("Title: Long 440"))

        rig.daemon.stop()
        let restarted = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"], restarting: rig.daemon)
        defer { restarted.stop() }
        let again = try MPDLineClient(socketPath: restarted.directory.appending("mpd.sock"))
        #expect(try again.call("clear") == ["OK"])
        #expect(try again.call("load night") == ["OK"])
        #expect(try again.call("playlistinfo").filter { $0.hasPrefix("file: ") } == ["file: A/short-b.mp3", "file: long440.mp3"])
        #expect(try again.call("rm night") == ["OK"])
        #expect(try again.call("rm night") == ["ACK [50@0] {rm} No such playlist"])
        #expect(try again.call("save ../escape") == ["ACK [2@0] {save} Bad playlist name: ../escape"])
    }

    /// What an MPD client saves (`mpc save mine`) is one of the library's playlists: `rondo
    /// browse 1` lists it under Playlists with its tracks, a scan of the whole music
    /// directory keeps it, a rename renames it there, and `mpc rm` takes it away.
    @Test func aSavedPlaylistIsOneOfTheLibrarysPlaylists() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        func browse(_ path: String) -> String {
            Subprocess.capture([BuiltProducts.rondo, "--socket", rig.daemon.socketPath, "browse", path]).stdout
        }
        #expect(rig.mpc("add", "A").status == 0)
        #expect(rig.mpc("save", "mine").status == 0)
        #expect(browse("1").contains("1.0  mine/"), "\(browse("1"))")
        let tracks = browse("1.0")
        #expect(tracks.contains("1.0.0  ") && tracks.contains("1.0.1  ") && !tracks.contains("1.0.2  "), "\(tracks)")

        _ = try rig.client.scanLibrary(LibraryScanParams(full: true))
        #expect(browse("1").contains("1.0  mine/"), "a full scan kept it: \(browse("1"))")
        #expect(try MPDLineClient(socketPath: rig.mpdSocket).call("rename mine yours") == ["OK"])
        #expect(browse("1").contains("1.0  yours/") && !browse("1").contains("mine/"), "\(browse("1"))")
        #expect(rig.mpc("rm", "yours").status == 0)
        #expect(!browse("1").contains("yours/"), "\(browse("1"))")
    }

    /// A command stuck on a file (a cover on a stalled mount; here a FIFO nobody writes)
    /// holds only its own client: the MPD loop goes on answering the others, a `status` and
    /// a library read, and the stuck one is answered once the file gives way.
    @Test func aCommandStuckOnAFileHoldsOnlyItsClient() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        try rig.addCoveredTrack()
        let cached = Subprocess.capture(["/usr/bin/find", rig.daemon.directory.path, "-path", "*artwork*", "-type", "f"])
            .stdout.split(separator: "\n").map(String.init)
        let artwork = try #require(cached.first, "the scan cached the cover")
        try FileManager.default.removeItem(atPath: artwork)
        #expect(mkfifo(artwork, 0o600) == 0)

        let stuck = try MPDLineClient(socketPath: rig.mpdSocket)
        try stuck.write("albumart A/covered.mp3 0\n")
        // A writer can open the FIFO once the command has it open for reading; the command
        // then waits in its read until the writer closes.
        var writer: Int32 = -1
        #expect(
            eventually(within: 5) {
                writer = open(artwork, O_WRONLY | O_NONBLOCK)
                return writer >= 0
            })
        let other = try MPDLineClient(socketPath: rig.mpdSocket)
        #expect(try other.call("status").last == "OK")
        #expect(try other.call("lsinfo A").contains("file: A/covered.mp3"))

        // The file gives way: its reader sees it end.
        close(writer)
        #expect(try stuck.reply().last == "OK")
    }

    /// `status`'s `nextsong` is what the player will play next, by its own rule: an entry
    /// that failed to play is skipped, as the player skips it.
    /// A queue longer than what the player describes ahead is listed whole with its tags by
    /// the first `playlistinfo`, as MPD lists its queue: the library's rows are read for the
    /// page, not one file at a time by the player.
    @Test func aLongQueueIsListedWithItsTagsAtOnce() throws {
        let corpus = try LibraryCorpusTests.makeCorpus(tracks: 1_200)
        defer { corpus.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null", "--music-dir", corpus.path])
        defer { _ = daemon.stop() }
        let scanned = try daemon.client().scanLibrary()
        let mpd = try MPDLineClient(socketPath: daemon.directory.appending("mpd.sock"))
        _ = try mpd.call("clear")
        _ = try mpd.call("add \"/\"")
        let lines = try mpd.call("playlistinfo")
        let files = lines.filter { $0.hasPrefix("file: ") }
        #expect(files.count >= 1_200, "queued \(files.count) of \(scanned.added) scanned files")
        var untitled: [String] = []
        var current: String?
        var titled = false
        for line in lines + ["file: end"] where line.hasPrefix("file: ") || line.hasPrefix("Title: ") {
            if line.hasPrefix("Title: ") {
                titled = true
                continue
            }
            // The corpus's broken files (under `bad/`) have no tags to show.
            if let current, !titled, !current.hasPrefix("file: bad/") { untitled.append(current) }
            (current, titled) = (line, false)
        }
        #expect(untitled.isEmpty, "\(untitled.count) of \(files.count) songs listed without their tags, as \(untitled.prefix(3))")
    }

    /// The same queue through Rondo's own socket: `queue.get` shows every library file's
    /// title at once, past what the player describes ahead, as the library has it.
    @Test func aLongQueueHasItsTitlesInQueueGetAtOnce() throws {
        let corpus = try LibraryCorpusTests.makeCorpus(tracks: 1_200)
        defer { corpus.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null", "--music-dir", corpus.path])
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        _ = try client.scanLibrary()
        let mpd = try MPDLineClient(socketPath: daemon.directory.appending("mpd.sock"))
        _ = try mpd.call("add \"/\"")
        let items = try client.call(Methods.QueueGet.self, QueueGetParams()).items.filter { !$0.assetURL.contains("/bad/") }
        #expect(items.count >= 1_200)
        // A file not described shows its file name ("08 Song 00987 Love.mp3") or nothing; the
        // library's titles are the corpus's tags ("Song 00987 Love", "Chapter 1").
        let untitled = items.filter { $0.title.map { $0.isEmpty || $0.hasSuffix(".mp3") } ?? true }
        #expect(
            untitled.isEmpty,
            "\(untitled.count) of \(items.count) items without the library's title, as \(untitled.prefix(2).map { $0.title ?? "nil" })")
    }

    @Test func theNextSongSkipsWhatCannotPlay() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        let broken = rig.daemon.directory.appending("broken.mp3")
        try Data(repeating: 0x55, count: 4096).write(to: URL(fileURLWithPath: broken))
        let long = rig.daemon.directory.appending("long440.mp3")
        _ = try rig.client.call(Methods.QueueSet.self, QueueItemsParams(items: [broken, long]))
        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        #expect(try mpd.call("repeat 1") == ["OK"])
        #expect(try mpd.call("play 0") == ["OK"])
        // The broken entry fails, and the player goes on to the next.
        #expect(eventually(within: 5) { (try? mpd.fields("status"))?["song"] == "1" })
        let status = try mpd.fields("status")
        #expect(status["state"] == "play", "\(status)")
        // With repeat all, after the last entry comes the first playable one: itself.
        #expect(status["nextsong"] == "1", "\(status)")
    }

    /// Over TCP the password is asked first; over the Unix socket, the daemon's own user is
    /// let in as on Rondo's socket.
    @Test func tcpAsksForThePassword() throws {
        let port = try LoopbackSocket.freePort()
        let directory = try TemporaryDirectory(prefix: "rondo-mpd-config")
        defer { directory.remove() }
        let config = directory.appending("rondo.toml")
        try Data("[mpd]\nlisten = \"127.0.0.1:\(port)\"\npassword = \"s3cret\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let rig = try Rig(arguments: ["--config", config])
        defer { rig.daemon.stop() }
        _ = try MPDLineClient(socketPath: rig.mpdSocket)
        let remote = try MPDLineClient(port: port)
        #expect(try remote.call("status") == ["ACK [4@0] {status} you don't have permission for \"status\""])
        #expect(try remote.call("ping") == ["OK"])
        #expect(try remote.call("password wrong") == ["ACK [3@0] {password} incorrect password"])
        #expect(try remote.call("password s3cret") == ["OK"])
        #expect(try remote.call("status").last == "OK")
        #expect(try MPDLineClient(socketPath: rig.mpdSocket).call("status").last == "OK")
    }

    /// During a call, `play` from an MPD client is refused with the arbiter's reason, and
    /// nothing plays.
    @Test func aCallRefusesPlayWithItsReason() throws {
        let rig = try Rig()
        defer { rig.daemon.stop() }
        #expect(rig.mpc("add", "long440.mp3").status == 0)
        let call = try rig.daemon.client()
        let session = try call.call(Methods.SessionOpen.self, SessionOpenParams(name: "call", category: .playAndRecord, mode: .voiceChat))
        _ = try call.call(Methods.SessionActivate.self, session)
        let play = try MPDLineClient(socketPath: rig.mpdSocket).call("play")
        #expect(play.count == 1 && play[0].hasPrefix("ACK [52@0] {play} insufficientPriority"), "\(play)")
        #expect(try rig.nowPlaying().playbackState == .stopped)
    }
}
