import Foundation
import RondoProtocol
import RondoTesting
import Testing

/// What one run of `rondo` did.
struct CLIRun: CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    /// Its standard output parsed as JSON.
    func json() throws -> JSONValue { try JSONValue.parse(stdout) }

    /// Its standard output's lines.
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// A command line `rondo` must reject as a usage error, and what its message must mention.
struct UsageMistake: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let mentions: String

    var testDescription: String { arguments.joined(separator: " ") }

    static let all: [UsageMistake] = [
        UsageMistake(arguments: ["bogus"], mentions: "unknown command 'bogus'"),
        UsageMistake(arguments: ["--frob", "status"], mentions: "unknown option '--frob'"),
        UsageMistake(arguments: ["seek", "abc"], mentions: "seek takes one number"),
        UsageMistake(arguments: ["seek"], mentions: "seek takes one number"),
        UsageMistake(arguments: ["seek", "1", "2"], mentions: "seek takes one number"),
        UsageMistake(arguments: ["queue", "move", "1"], mentions: "usage: rondo queue move A B"),
        UsageMistake(arguments: ["queue", "remove", "first"], mentions: "first"),
        UsageMistake(arguments: ["watch", "weather"], mentions: "weather"),
        UsageMistake(arguments: ["rate", "fast"], mentions: "'fast' is not a rate"),
        UsageMistake(arguments: ["shuffle", "sometimes"], mentions: "'sometimes' is not one of off, items, collections"),
        UsageMistake(arguments: ["repeat", "one", "all"], mentions: "at most one argument"),
        UsageMistake(arguments: ["like", "maybe"], mentions: "'maybe' is not on or off"),
        UsageMistake(arguments: ["commands", "disable", "warp"], mentions: "unknown command 'warp'"),
        UsageMistake(arguments: ["session", "exec", "--", "true"], mentions: "--category is required"),
        UsageMistake(arguments: ["session", "exec", "--category", "playback"], mentions: "give the command to run after --"),
        UsageMistake(arguments: ["session", "exec", "--category"], mentions: "--category needs a value"),
        UsageMistake(arguments: ["session", "exec", "--colour", "red", "--", "true"], mentions: "unknown option '--colour'"),
        UsageMistake(arguments: ["prompt"], mentions: "usage: rondo prompt FILE"),
        UsageMistake(arguments: ["status", "--verbose"], mentions: "unknown option '--verbose'"),
    ]
}

/// The built `rondo` binary against a real daemon (SPEC §7): exit statuses with their
/// messages, queue editing, human and `--json` output, relative seeks, and its pinned
/// `--help`.
@Suite(.sameOnEveryAudioServer("the command line's statuses, messages and queue edits"))
struct CLITests {
    /// The now-playing keys of SPEC §3, and the stream title of §10.
    static let nowPlayingKeys: Set<String> = [
        "title", "artist", "albumTitle", "albumArtist", "genre", "composer", "albumTrackNumber", "discNumber",
        "playbackDuration", "elapsedPlaybackTime", "playbackRate", "defaultPlaybackRate", "playbackQueueIndex",
        "playbackQueueCount", "mediaType", "isLiveStream", "assetURL", "externalContentIdentifier",
        "playbackProgress", "artwork", "timestamp", "streamTitle",
    ]

    /// Runs the built `rondo` with `arguments`; `socket` goes in `RONDO_SOCKET`.
    private func rondo(_ arguments: [String], socket: String) -> CLIRun {
        let result = Subprocess.capture(
            [BuiltProducts.rondo] + arguments, environment: ["RONDO_SOCKET": socket])
        return CLIRun(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs the built `rondo` with `arguments`; `socket` goes in `RONDO_SOCKET`.
    private func rondo(_ arguments: String..., socket: String) -> CLIRun { rondo(arguments, socket: socket) }

    /// A daemon playing to its own PulseAudio server, kept alive together.
    private struct PlayingDaemon {
        let pulse: PulseServer
        let daemon: DaemonProcess
        var socket: String { daemon.socketPath }
    }

    /// A daemon with `steps.mp3` and `tone440.mp3` queued, the first paused at `position`
    /// seconds (played first, so a PulseAudio server is needed).
    private func pausedDaemon(at position: Double) throws -> PlayingDaemon {
        let pulse = try PulseServer()
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        let socket = daemon.socketPath
        let setup = [
            ["queue", "add", Fixtures.path("steps.mp3"), Fixtures.path("tone440.mp3")],
            ["queue", "play", "0"],
            ["pause"],
            ["seek", String(position)],
        ]
        for arguments in setup {
            let run = rondo(arguments, socket: socket)
            try #require(run.status == 0, "rondo \(arguments.joined(separator: " ")): \(run)")
        }
        return PlayingDaemon(pulse: pulse, daemon: daemon)
    }

    /// The elapsed time `rondo status --json` reports.
    private func elapsed(_ socket: String) throws -> Double {
        let run = rondo("status", "--json", socket: socket)
        return try #require(run.json()["info"]?["elapsedPlaybackTime"]?.numeric, "\(run)")
    }

    /// A command that succeeds exits 0 and writes nothing on stderr.
    @Test func successExitsZero() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let run = rondo("status", socket: daemon.socketPath)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "stopped\n")
        #expect(run.stderr.isEmpty)
    }

    /// A request the daemon refuses exits 1 with `rondo: ` and the daemon's sentence on
    /// stderr, nothing on stdout.
    @Test(arguments: [
        (["queue", "remove", "99"], "queue index 99 does not exist"),
        (["queue", "add", "/nonexistent/rondo/missing.mp3"], "does not exist"),
        (["play"], "noActionableNowPlayingItem"),
        (["seek", "+5"], "skipForward: noActionableNowPlayingItem"),
        (["seek", "-5"], "skipBackward: noActionableNowPlayingItem"),
    ])
    func domainErrorExitsOne(arguments: [String], message: String) throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let run = rondo(arguments, socket: daemon.socketPath)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("rondo: "))
        #expect(run.stderr.contains(message), "\(run)")
        #expect(run.stdout.isEmpty)
    }

    /// A command line that does not parse exits 2 with a message naming the mistake,
    /// even though the daemon is reachable.
    @Test(arguments: UsageMistake.all)
    func usageErrorExitsTwo(_ mistake: UsageMistake) throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let run = rondo(mistake.arguments, socket: daemon.socketPath)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains(mistake.mentions), "\(run)")
        #expect(run.stdout.isEmpty)
    }

    /// With no daemon at the socket (no file, or a stale file nobody listens on) `rondo`
    /// exits 3 and says it cannot reach rondod at that path, whether the path comes from
    /// `RONDO_SOCKET` or `--socket`.
    @Test(arguments: ["environment", "option", "stale"])
    func unreachableDaemonExitsThree(_ how: String) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-cli")
        defer { directory.remove() }
        let path = directory.appending("rondo.sock")
        let run: CLIRun
        switch how {
        case "environment":
            run = rondo("status", socket: path)
        case "option":
            run = rondo("queue", "--socket", path, socket: directory.appending("unused.sock"))
        default:
            try RawSocket.makeStaleSocketFile(at: path)
            run = rondo("status", socket: path)
        }
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("cannot reach rondod"), "\(run)")
        #expect(run.stderr.contains(path))
        #expect(run.stdout.isEmpty)
    }

    /// `--socket` overrides `RONDO_SOCKET`, before the subcommand as after it, and
    /// `--json` works in either place too.
    @Test func socketOptionBeforeOrAfterTheSubcommand() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let elsewhere = daemon.directory.appending("nobody-here.sock")
        let before = rondo("--socket", daemon.socketPath, "status", socket: elsewhere)
        #expect(before.status == 0, "\(before)")
        #expect(before.stdout == "stopped\n")
        let after = rondo("status", "--socket", daemon.socketPath, socket: elsewhere)
        #expect(after.status == 0, "\(after)")
        #expect(after.stdout == "stopped\n")
        let json = rondo("--json", "--socket", daemon.socketPath, "queue", socket: elsewhere)
        #expect(json.status == 0, "\(json)")
        #expect(try json.json()["count"] == .number(0))
    }

    /// `queue add` appends files, `queue` lists them (position, title, artist, duration),
    /// `queue move` and `queue remove` edit by 0-based index, `queue --json` has the SPEC
    /// fields, and `queue clear` empties it.
    @Test func queueEditing() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { withExtendedLifetime(daemon) {} }
        let socket = daemon.socketPath
        let added = rondo(
            "queue", "add", Fixtures.path("tone440.mp3"), Fixtures.path("steps.mp3"), Fixtures.path("short-a.mp3"),
            socket: socket)
        #expect(added.status == 0, "\(added)")
        #expect(
            rondo("queue", socket: socket).lines == [
                " 0  Tone 440 — Rondo Fixtures  0:05", " 1  Steps — Rondo Fixtures  0:10",
                " 2  Short A — Rondo Fixtures  0:01",
            ])

        #expect(rondo("queue", "move", "0", "2", socket: socket).status == 0)
        #expect(
            rondo("queue", socket: socket).lines == [
                " 0  Steps — Rondo Fixtures  0:10", " 1  Short A — Rondo Fixtures  0:01",
                " 2  Tone 440 — Rondo Fixtures  0:05",
            ])

        #expect(rondo("queue", "remove", "1", socket: socket).status == 0)
        let json = try rondo("queue", "--json", socket: socket).json()
        #expect(json.keys == ["items", "index", "count", "shuffle", "repeat"])
        #expect(json["count"] == .number(2))
        #expect(json["index"] == .null)
        guard case .array(let items)? = json["items"] else {
            Issue.record("items is not an array: \(json)")
            return
        }
        #expect(items.map { $0["title"] } == [.string("Steps"), .string("Tone 440")])
        #expect(items.map { $0["position"] } == [.number(0), .number(1)])
        #expect(items.first?["assetURL"]?.text?.hasSuffix("/steps.mp3") == true)

        let cleared = rondo("queue", "clear", socket: socket)
        #expect(cleared.status == 0, "\(cleared)")
        #expect(rondo("queue", socket: socket).stdout.isEmpty)
        #expect(try rondo("queue", "--json", socket: socket).json()["count"] == .number(0))
    }

    /// `queue add DIR` queues the audio files of every format the library takes, in path
    /// order, skipping hidden entries and other files and walking a folder linked back to an
    /// ancestor once; a FLAC-only folder queues its FLAC files.
    @Test func queueAddFolderTakesEveryFormat() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { withExtendedLifetime(daemon) {} }
        let music = try TemporaryDirectory()
        defer { music.remove() }
        let files = FileManager.default
        try files.createDirectory(atPath: music.appending("album/disc 2"), withIntermediateDirectories: true)
        try files.createDirectory(atPath: music.appending("flac only"), withIntermediateDirectories: true)
        for (fixture, name) in [
            ("tone440.flac", "album/1.flac"), ("tone440.ogg", "album/2.ogg"), ("tone440.opus", "album/3.opus"),
            ("tone440.mp3", "album/disc 2/4.MP3"), ("tone440.mp3", "album/.hidden.mp3"), ("steps.flac", "flac only/a.flac"),
            ("tone440.flac", "flac only/b.flac"),
        ] {
            try files.copyItem(atPath: Fixtures.path(fixture), toPath: music.appending(name))
        }
        try "not audio".write(toFile: music.appending("album/notes.txt"), atomically: true, encoding: .utf8)
        try files.createSymbolicLink(atPath: music.appending("album/disc 2/loop"), withDestinationPath: music.appending("album"))

        let added = rondo("queue", "add", music.appending("album"), socket: daemon.socketPath)
        #expect(added.status == 0, "\(added)")
        guard case .array(let items)? = try rondo("queue", "--json", socket: daemon.socketPath).json()["items"] else {
            Issue.record("the queue has no items")
            return
        }
        let queued = items.compactMap { $0["assetURL"]?.text.flatMap(URL.init(string:))?.path }
        #expect(queued == ["1.flac", "2.ogg", "3.opus", "disc 2/4.MP3"].map { music.appending("album/" + $0) })

        #expect(rondo("queue", "clear", socket: daemon.socketPath).status == 0)
        #expect(rondo("queue", "add", music.appending("flac only"), socket: daemon.socketPath).status == 0)
        #expect(try rondo("queue", "--json", socket: daemon.socketPath).json()["count"] == .number(2))
    }

    /// A folder of more than 10,000 audio files is refused with `badParam` naming the limit,
    /// and nothing of it is queued.
    @Test func queueAddFolderIsBounded() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { withExtendedLifetime(daemon) {} }
        let music = try TemporaryDirectory()
        defer { music.remove() }
        for number in 0...10_000 {
            FileManager.default.createFile(atPath: music.appending("\(number).mp3"), contents: nil)
        }
        let added = rondo("queue", "add", music.path, socket: daemon.socketPath)
        #expect(added.status != 0)
        #expect(added.stderr.contains("more than 10000 audio files"), "\(added.stderr)")
        #expect(try rondo("queue", "--json", socket: daemon.socketPath).json()["count"] == .number(0))
    }

    /// `rondo status` prints state, title — artist, elapsed / duration and [position/count]
    /// on one line; `now-playing` prints one `key: value` line per present SPEC §3 key and the
    /// volume; with `--json` both print `{info, playbackState, nowPlayingIdentifiers, volume}`.
    @Test func statusAndNowPlayingOutput() throws {
        let player = try pausedDaemon(at: 5)
        defer { withExtendedLifetime(player) {} }
        let socket = player.socket

        let status = rondo("status", socket: socket)
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout == "paused  Steps — Rondo Fixtures  0:05 / 0:10  [1/2]\n")

        let nowPlaying = rondo("now-playing", socket: socket)
        #expect(nowPlaying.status == 0, "\(nowPlaying)")
        let fields = nowPlaying.lines.map { line in
            let parts = line.split(separator: ": ", maxSplits: 1).map(String.init)
            return (key: parts.first ?? "", value: parts.count > 1 ? parts[1] : "")
        }
        #expect(fields.first?.key == "playbackState")
        #expect(fields.first?.value == "paused")
        #expect(Set(fields.dropFirst().map(\.key)).isSubset(of: Self.nowPlayingKeys.union(["volume"])), "\(nowPlaying)")
        let values = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(values["title"] == "Steps")
        #expect(values["artist"] == "Rondo Fixtures")
        #expect(values["albumTitle"] == "Test Tones")
        #expect(values["playbackQueueIndex"] == "0")
        #expect(values["playbackQueueCount"] == "2")
        #expect(values["elapsedPlaybackTime"].flatMap(Double.init) == 5)
        #expect(values["volume"] == "100 %")

        for command in ["status", "now-playing"] {
            let json = try rondo(command, "--json", socket: socket).json()
            #expect(json.keys == ["info", "playbackState", "nowPlayingIdentifiers", "volume", "buffering"])
            #expect(json["buffering"] == .bool(false))
            #expect(json["volume"] == .number(1))
            #expect(json["playbackState"] == .string("paused"))
            let info = try #require(json["info"])
            let keys = try #require(info.keys)
            #expect(keys.isSubset(of: Self.nowPlayingKeys), "not in SPEC §3: \(keys.subtracting(Self.nowPlayingKeys))")
            #expect(info["title"] == .string("Steps"))
            #expect(info["elapsedPlaybackTime"] == .number(5))
            #expect(info["playbackRate"] == .number(0))
            #expect(info["playbackDuration"] == .number(10))
            #expect(info["playbackQueueIndex"] == .number(0))
            #expect(info["playbackQueueCount"] == .number(2))
            #expect(info["mediaType"] == .string("audio"))
            #expect(info["timestamp"]?.numeric != nil)
        }
    }

    /// `seek -5` and `seek +5` are relative seeks, not options; a bare number is absolute,
    /// and `seek -- -1` is relative too.
    @Test func seekSignsAreRelative() throws {
        let player = try pausedDaemon(at: 7)
        defer { withExtendedLifetime(player) {} }
        let socket = player.socket
        #expect(try elapsed(socket) == 7)

        for (arguments, position) in [(["-5"], 2.0), (["+5"], 7.0), (["--", "-1"], 6.0), (["3"], 3.0)] {
            let run = rondo(["seek"] + arguments, socket: socket)
            #expect(run.status == 0, "seek \(arguments): \(run)")
            let now = try elapsed(socket)
            #expect(abs(now - position) < 0.01, "seek \(arguments): at \(now) s, expected \(position) s")
        }
    }

    /// `rondo --help` prints exactly the committed golden text, within 100 columns, and exits 0. After an
    /// intended change, regenerate it with
    /// `.build/debug/rondo --help > Tests/IntegrationTests/Golden/rondo-help.txt`.
    @Test func helpMatchesTheGoldenFile() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/rondo-help.txt")
        let expected = try String(contentsOf: golden, encoding: .utf8)
        let run = rondo("--help", socket: "/nonexistent/rondo.sock")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == expected, "rondo --help differs from \(golden.path):\n\(run.stdout)")
        let widest = run.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 100, "rondo --help is \(widest) columns wide")
    }
}
