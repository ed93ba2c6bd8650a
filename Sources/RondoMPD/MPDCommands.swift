import Foundation
import MPDProtocol
import Playback
import PlaybackWire
import RondoProtocol

/// What a connection knows of its MPD client between commands.
struct MPDClientState: Sendable {
    /// The connection's number, as the idle board knows it.
    var id: Int
    /// Whether it may run commands past `password` (always, without a password).
    var isAuthorized: Bool
    /// Whether it came over the Unix socket: it may then name files by absolute path, as
    /// MPD lets its local clients do.
    var isLocal: Bool
    /// The largest binary chunk it takes (`binarylimit`, default 8192).
    var binaryLimit = 8192
    /// The tags it wants in song replies (`tagtypes`).
    /// Every tag but `Comment`, which MPD leaves out until a client asks for it.
    var tagTypes = Set(MPDSong.Tag.allCases.filter { $0 != .comment })
}

/// The MPD protocol's commands (SPEC §13), each mapped onto what Rondo already is: the
/// player's queue, transport and modes through its command center and the arbiter (a
/// `play` during a call answers an ACK naming `insufficientPriority`), the library's
/// tracks as MPD's database, its playlists as stored playlists. Never a second player.
///
/// Ownership: none of its own; every command runs on its connection's task and reads or
/// changes the player and the library through their services.
public struct MPDCommands: Sendable {
    /// Who may run a command.
    enum Permission: Sendable {
        /// Anyone, before the password too.
        case anyone
        /// A client past the password (or any, without one).
        case authorized
    }

    /// Runs one command, writing its reply's fields (not its `OK`).
    typealias Handler =
        @Sendable (MPDCommands, [String], inout MPDClientState, inout MPDOutput) async throws(MPDAck) -> Void

    /// One command: who may run it, how many arguments it takes, what it does.
    struct Command: Sendable {
        var permission: Permission
        var arguments: ClosedRange<Int>
        var handler: Handler
        /// The same work when it needs no actor and no other thread (`status`, `ping`): the
        /// connection runs it where it reads the line, with no task.
        var immediate: Immediate?

        /// A command that waits for the player or the library.
        init(permission: Permission, arguments: ClosedRange<Int>, handler: @escaping Handler) {
            self.permission = permission
            self.arguments = arguments
            self.handler = handler
        }

        /// A command answered at once from what is published.
        static func immediate(permission: Permission, arguments: ClosedRange<Int>, _ body: @escaping Immediate) -> Command {
            var command = Command(permission: permission, arguments: arguments) { commands, arguments, client, output throws(MPDAck) in
                try body(commands, arguments, &client, &output)
            }
            command.immediate = body
            return command
        }
    }

    /// Runs one command at once, writing its reply's fields (not its `OK`).
    typealias Immediate = @Sendable (MPDCommands, [String], inout MPDClientState, inout MPDOutput) throws(MPDAck) -> Void

    let player: any MPDPlayer
    let library: any MPDLibrary
    let board: MPDIdleBoard
    let paths: MPDPaths
    /// The playlists MPD clients save.
    let saved: MPDSavedPlaylists
    let password: String?
    /// When the daemon started, for `stats`'s `uptime`.
    let started: Double
    /// Where commands that wait run: threads for the library's reads, never a loop.
    let executor: any TaskExecutor
    /// What MPD's modes hold that the player does not.
    let modes = MPDModes()
    /// `stats`'s counts of names, until the library changes.
    let nameCounts = MPDNameCounts()

    /// The commands over `player` and `library`, their changes told by `board`; `paths`
    /// maps MPD's URIs onto the music directory, `saved` keeps what clients save, and a
    /// client over TCP gives `password` first when there is one. A command that waits
    /// runs on `executor`'s threads (SQLite, files, directory walks).
    public init(
        player: any MPDPlayer, library: any MPDLibrary, board: MPDIdleBoard, paths: MPDPaths, saved: MPDSavedPlaylists,
        password: String?, started: Double, executor: any TaskExecutor
    ) {
        self.executor = executor
        self.player = player
        self.library = library
        self.board = board
        self.paths = paths
        self.saved = saved
        self.password = password
        self.started = started
    }

    /// Every command served, by name.
    static let table: [String: Command] = {
        var table: [String: Command] = [:]
        for (name, command) in connectionCommands + statusCommands + outputCommands + queueCommands + databaseCommands + storedPlaylistCommands
            + stickerCommands + storageCommands
        {
            table[name] = command
        }
        return table
    }()

    /// Runs `request` for `client`, writing its reply into `output`.
    /// - Throws: ``MPDAck`` as MPD words it (index 0: the connection sets a list's index).
    func run(_ request: MPDRequest, client: inout MPDClientState, into output: inout MPDOutput) async throws(MPDAck) {
        let command = try check(request, client: client)
        do throws(MPDAck) {
            try await command.handler(self, request.arguments, &client, &output)
            if Self.kind(of: request)?.durability == .whenWritten { await player.written() }
        } catch {
            throw Self.named(error, request.name)
        }
    }

    /// Runs `request` at once when it can be (an unknown or refused command can: its error
    /// is its reply), writing its reply into `output`.
    /// - Returns: `false` when it must run on a task (``run(_:client:into:)``).
    /// - Throws: ``MPDAck`` as MPD words it.
    func runImmediately(_ request: MPDRequest, client: inout MPDClientState, into output: inout MPDOutput) throws(MPDAck) -> Bool {
        let command = try check(request, client: client)
        guard let immediate = command.immediate else { return false }
        do throws(MPDAck) {
            try immediate(self, request.arguments, &client, &output)
        } catch {
            throw Self.named(error, request.name)
        }
        return true
    }

    /// The command `request` names, if `client` may run it with these arguments.
    private func check(_ request: MPDRequest, client: MPDClientState) throws(MPDAck) -> Command {
        guard let command = Self.table[request.name] else {
            throw MPDAck(.unknown, command: "", "unknown command \"\(request.name)\"")
        }
        if command.permission == .authorized, !client.isAuthorized {
            throw MPDAck(.permission, command: request.name, "you don't have permission for \"\(request.name)\"")
        }
        // MPD's words: a command of a fixed count is told the count is wrong; others, which way.
        if command.arguments.count == 1, !command.arguments.contains(request.arguments.count) {
            throw MPDAck(.argument, command: request.name, "wrong number of arguments for \"\(request.name)\"")
        }
        guard request.arguments.count >= command.arguments.lowerBound else {
            throw MPDAck(.argument, command: request.name, "too few arguments for \"\(request.name)\"")
        }
        guard request.arguments.count <= command.arguments.upperBound else {
            throw MPDAck(.argument, command: request.name, "too many arguments for \"\(request.name)\"")
        }
        return command
    }

    /// `error` naming `command` when it names none.
    private static func named(_ error: MPDAck, _ command: String) -> MPDAck {
        var named = error
        if named.command.isEmpty { named.command = command }
        return named
    }

    /// What each MPD command that commands the player is, in the player's terms; its
    /// answer waits as the player's one table says (``PlayerCommandKind/durability``), as
    /// Rondo's own socket does: a client that lists the queue next sees every title.
    /// `play` and `playid` with a song play that entry; without, they are the transport's play.
    static func kind(of request: MPDRequest) -> PlayerCommandKind? {
        switch request.name {
        case "add", "addid", "delete", "deleteid", "move", "moveid", "swap", "swapid", "clear", "shuffle", "findadd",
            "searchadd", "load":
            .queueEdit
        case "play", "playid": request.arguments.isEmpty ? .remote(.play) : .playIndex
        case "pause": request.arguments.isEmpty ? .remote(.togglePlayPause) : .remote(.pause)
        case "next": .remote(.nextTrack)
        case "previous": .remote(.previousTrack)
        case "stop": .remote(.stop)
        case "seek", "seekid", "seekcur": .remote(.changePlaybackPosition)
        case "random": .remote(.changeShuffleMode)
        case "repeat", "single": .remote(.changeRepeatMode)
        case "setvol", "volume": .setVolume
        default: nil
        }
    }

    // MARK: The connection's own

    private static let connectionCommands: [(String, Command)] = [
        ("ping", Command.immediate(permission: .anyone, arguments: 0...0) { _, _, _, _ throws(MPDAck) in }),
        (
            "password",
            Command.immediate(permission: .anyone, arguments: 1...1) { commands, arguments, client, _ throws(MPDAck) in
                // As MPD: without a password configured, no password is the right one.
                guard let password = commands.password, arguments[0] == password else {
                    throw MPDAck(.password, command: "password", "incorrect password")
                }
                client.isAuthorized = true
            }
        ),
        (
            "commands",
            Command.immediate(permission: .anyone, arguments: 0...0) { _, _, client, output throws(MPDAck) in
                for name in Self.namesAllowed(client, allowed: true) { output.field("command", name) }
            }
        ),
        (
            "notcommands",
            Command.immediate(permission: .anyone, arguments: 0...0) { _, _, client, output throws(MPDAck) in
                for name in Self.namesAllowed(client, allowed: false) { output.field("command", name) }
            }
        ),
        (
            "binarylimit",
            Command.immediate(permission: .anyone, arguments: 1...1) { _, arguments, client, _ throws(MPDAck) in
                guard let size = Int(arguments[0]), size >= 64 else {
                    throw MPDAck(.argument, command: "binarylimit", "Value too small")
                }
                client.binaryLimit = min(size, 1 << 24)
            }
        ),
        (
            "tagtypes",
            Command.immediate(permission: .authorized, arguments: 0...64) { _, arguments, client, output throws(MPDAck) in
                try Self.tagTypes(arguments, client: &client, output: &output)
            }
        ),
        (
            "idle",
            Command.immediate(permission: .authorized, arguments: 0...16) { _, _, _, _ throws(MPDAck) in
                throw MPDAck(.unknown, command: "idle", "idle is not allowed in a command list")
            }
        ),
        ("close", Command.immediate(permission: .anyone, arguments: 0...0) { _, _, _, _ throws(MPDAck) in }),
        ("noidle", Command.immediate(permission: .anyone, arguments: 0...0) { _, _, _, _ throws(MPDAck) in }),
        // One player, so one partition: `default`, which clients name on connecting
        // (Cantata's first command); any other does not exist, as in MPD.
        (
            "partition",
            Command.immediate(permission: .authorized, arguments: 1...1) { _, arguments, _, _ throws(MPDAck) in
                guard arguments[0] == "default" else { throw MPDAck(.noExist, command: "partition", "partition does not exist") }
            }
        ),
        (
            "listpartitions",
            Command.immediate(permission: .authorized, arguments: 0...0) { _, _, _, output throws(MPDAck) in
                output.field("partition", "default")
            }
        ),
        // Messages between clients (mpdscribble's "love", client-to-client peers): kept
        // by the idle board for each connection.
        (
            "subscribe",
            Command.immediate(permission: .authorized, arguments: 1...1) { commands, arguments, client, _ throws(MPDAck) in
                try commands.board.subscribe(client.id, to: arguments[0])
            }
        ),
        (
            "unsubscribe",
            Command.immediate(permission: .authorized, arguments: 1...1) { commands, arguments, client, _ throws(MPDAck) in
                try commands.board.unsubscribe(client.id, from: arguments[0])
            }
        ),
        (
            "channels",
            Command.immediate(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in
                for channel in commands.board.channels() { output.field("channel", channel) }
            }
        ),
        (
            "sendmessage",
            Command.immediate(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                try commands.board.send(arguments[1], to: arguments[0])
            }
        ),
        (
            "readmessages",
            Command.immediate(permission: .authorized, arguments: 0...0) { commands, _, client, output throws(MPDAck) in
                for message in commands.board.takeMessages(client.id) {
                    output.field("channel", message.channel)
                    output.field("message", message.text)
                }
            }
        ),
        (
            "urlhandlers",
            Command.immediate(permission: .authorized, arguments: 0...0) { _, _, _, output throws(MPDAck) in
                for scheme in ["http://", "https://", "file://"] { output.field("handler", scheme) }
            }
        ),
        (
            "decoders",
            Command.immediate(permission: .authorized, arguments: 0...0) { _, _, _, output throws(MPDAck) in
                for (plugin, suffixes) in Self.decoders {
                    output.field("plugin", plugin)
                    for suffix in suffixes { output.field("suffix", suffix) }
                }
            }
        ),
    ]

    /// The decoders and the suffixes each takes, as `decoders` lists them.
    private static let decoders: [(String, [String])] = [
        ("mad", ["mp3", "mp2"]), ("flac", ["flac"]), ("vorbis", ["ogg", "oga"]), ("opus", ["opus"]), ("wave", ["wav"]),
        ("ffmpeg", ["m4a", "m4b", "mp4", "aac"]),
    ]

    /// The names of the commands `client` may (or may not) run, sorted.
    private static func namesAllowed(_ client: MPDClientState, allowed: Bool) -> [String] {
        // `noidle` is no command of its own to MPD: it is the end of an `idle`.
        table.filter { (name, command) in name != "noidle" && (command.permission == .anyone || client.isAuthorized) == allowed }
            .keys.sorted()
    }

    /// `tagtypes`, `tagtypes all|clear`, `tagtypes enable|disable TAG…`.
    private static func tagTypes(_ arguments: [String], client: inout MPDClientState, output: inout MPDOutput) throws(MPDAck) {
        guard let verb = arguments.first else {
            for tag in MPDSong.Tag.allCases where client.tagTypes.contains(tag) { output.field("tagtype", tag.rawValue) }
            return
        }
        var named: [MPDSong.Tag] = []
        for name in arguments.dropFirst() {
            guard let tag = MPDSong.Tag(named: name) else { throw MPDAck(.argument, command: "tagtypes", "Unknown tag type: \(name)") }
            named.append(tag)
        }
        switch verb {
        case "all": client.tagTypes = Set(MPDSong.Tag.allCases)
        case "clear": client.tagTypes = []
        case "enable": client.tagTypes.formUnion(named)
        case "disable": client.tagTypes.subtract(named)
        default: throw MPDAck(.argument, command: "tagtypes", "Unknown sub command")
        }
    }
}
