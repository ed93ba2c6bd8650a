import Foundation
import Logging
import RondoMPRIS
import RondoTesting
import Spawning
import Synchronization

/// A private session bus, other programs' players on it (mpv with its MPRIS plugin, the
/// tests' own `Tests/Support/test_mpris_player.py`) and a ``ForeignPlayers`` on it; every
/// process it starts is stopped by its pid in ``stop()``.
final class PlayerRig: Sendable {
    let bus: SessionBus
    let players: ForeignPlayers
    private let home: TemporaryDirectory
    private let children = Mutex<[ChildProcess]>([])
    /// Processes the players started, killed by pid at the end as well.
    private let grandchildren = Mutex<[Int32]>([])

    static let testPlayer = BuiltProducts.packageRoot + "/Tests/Support/test_mpris_player.py"

    /// Starts the bus and the players' thread on it.
    init() throws {
        bus = try SessionBus()
        home = try TemporaryDirectory(prefix: "rondo-players")
        players = ForeignPlayers(
            logger: Logger(label: "rondo-players-test") { _ in SwiftLogNoOpLogHandler() },
            environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        players.start()
    }

    /// mpv playing the long tone in a loop, silently (`--ao=null`), with no user
    /// configuration but the system's scripts (its MPRIS plugin); returned once it is on the
    /// bus and playing.
    func startMPV() throws -> ChildProcess {
        let mpv = try start(
            [
                "/usr/bin/mpv", "--no-video", "--ao=null", "--idle=no", "--loop", "--no-terminal",
                Fixtures.path("long440.mp3"),
            ],
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path])
        try awaitPlayer(named: "mpv", playing: true)
        return mpv
    }

    /// The tests' player as `org.mpris.MediaPlayer2.NAME`, with its options; returned once
    /// it is on the bus.
    func startTestPlayer(named name: String, _ options: [String] = []) throws -> ChildProcess {
        let player = try start(["/usr/bin/python3", Self.testPlayer, name] + options, environment: [:])
        try awaitPlayer(named: name, playing: !options.contains("--paused"))
        return player
    }

    /// The pid the tests' player wrote for its child to `file`.
    func childProcessID(in file: String) throws -> Int32 {
        let written = { (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Int32($0) } }
        _ = eventually { written() != nil }
        guard let processID = written() else { throw RigError("the test player wrote no child pid to \(file)") }
        grandchildren.withLock { $0.append(processID) }
        return processID
    }

    /// Starts `dbus-monitor` on the players' `PropertiesChanged`, for
    /// ``announcedStatuses()``; returned once it listens.
    func startMonitor() throws {
        let log = home.appending("monitor.log")
        _ = try start(
            ["/usr/bin/dbus-monitor", "--session", "type='signal',member='PropertiesChanged',path='/org/mpris/MediaPlayer2'"],
            environment: [:], standardOutput: log)
        // It announces itself (NameAcquired) once it is a monitor.
        guard eventually(within: 5, { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("NameAcquired") == true }) else {
            throw RigError("dbus-monitor did not start")
        }
    }

    /// Every `PlaybackStatus` the players announced since ``startMonitor()``, in order.
    func announcedStatuses() -> [String] {
        let lines = ((try? String(contentsOfFile: home.appending("monitor.log"), encoding: .utf8)) ?? "").split(separator: "\n")
        return zip(lines, lines.dropFirst()).compactMap { line, next in
            guard line.contains("string \"PlaybackStatus\""), let open = next.firstIndex(of: "\"") else { return nil }
            return String(next[next.index(after: open)...].dropLast())
        }
    }

    /// A path in the rig's own directory.
    func file(_ name: String) -> String { home.appending(name) }

    /// `playerctl -p NAME status` for a bus name, trimmed.
    func status(of player: String) -> String {
        let name = String(player.dropFirst("org.mpris.MediaPlayer2.".count))
        return bus.run(["/usr/bin/playerctl", "-p", name, "status"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `playerctl -p NAME COMMAND` for a bus name (`play`, `pause`).
    func playerctl(_ command: String, _ player: String) {
        _ = bus.run(["/usr/bin/playerctl", "-p", String(player.dropFirst("org.mpris.MediaPlayer2.".count)), command])
    }

    /// What ``ForeignPlayers/pause(processID:within:completion:)`` answered; `nil` when no
    /// answer came within 5 s.
    /// - Parameter seconds: the player's time to pause: longer than the daemon's 0.5 s by
    ///   default, so a player slowed by a busy machine is still seen to pause.
    func pause(processID: Int32, within seconds: Double = 2) -> ForeignPauseOutcome? {
        let answer = Answer<ForeignPauseOutcome>()
        players.pause(processID: processID, within: seconds) { answer.give($0) }
        return answer.wait()
    }

    /// What ``ForeignPlayers/resume(player:completion:)`` answered; `nil` when no answer came.
    func resume(player: String) -> Bool? {
        let answer = Answer<Bool>()
        players.resume(player: player) { answer.give($0) }
        return answer.wait()
    }

    /// Stops the players' thread, every process started, and the bus.
    func stop() {
        players.stop()
        for child in children.withLock({ $0 }) { child.terminate(grace: 2) }
        for processID in grandchildren.withLock({ $0 }) { kill(processID, SIGKILL) }
        bus.stop()
        home.remove()
    }

    private func start(_ arguments: [String], environment: [String: String?], standardOutput: String? = nil) throws -> ChildProcess {
        var environment = environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let child = try ChildProcess(
            arguments, environment: environment, standardOutput: standardOutput.map { .file($0) } ?? .null,
            standardError: .file(home.appending("players.log")))
        children.withLock { $0.append(child) }
        return child
    }

    /// Waits until `playerctl` lists `name` (and, when `playing`, reports it Playing).
    private func awaitPlayer(named name: String, playing: Bool) throws {
        let ready = eventually(within: 10) {
            bus.run(["/usr/bin/playerctl", "-l"]).stdout.split(separator: "\n").contains(Substring(name))
                && (!playing || status(of: "org.mpris.MediaPlayer2." + name) == "Playing")
        }
        guard ready else {
            let log = (try? String(contentsOfFile: home.appending("players.log"), encoding: .utf8)) ?? ""
            throw RigError("\(name) never appeared on the bus (is /etc/mpv/scripts/mpris.so loaded?):\n\(log)")
        }
    }
}
