import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Spawning
import Testing

/// Other music players under a call (SPEC §16), heard at the monitor and asked on a private
/// session bus: mpv with its MPRIS plug-in is paused and played again, one the listener
/// paused stays paused, and a player that ignores `Pause` is muted instead.
@Suite(.dependsOnAudioServer("other programs' streams and their players, heard at the server's monitor"))
struct ForeignPlayerByEarTests {
    /// A bench whose daemon and players share a private session bus.
    private final class Rig {
        let bus: SessionBus
        let bench: AudioTestBench
        let home: TemporaryDirectory
        private var children: [ChildProcess] = []

        init() throws {
            bus = try SessionBus()
            bench = try AudioTestBench(daemonEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            home = try TemporaryDirectory(prefix: "rondo-players")
        }

        deinit {
            for child in children.reversed() { _ = child.terminate() }
            bus.stop()
            home.remove()
        }

        /// Starts `arguments` on the bench's server and the private bus.
        func start(_ arguments: [String]) throws -> ChildProcess {
            let child = try ChildProcess(
                arguments,
                environment: [
                    "PULSE_SERVER": bench.pulse.server, "DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": home.path,
                    "XDG_CONFIG_HOME": home.path,
                ])
            children.append(child)
            return child
        }

        /// mpv playing the long 440 Hz tone through the audio server, with its MPRIS plug-in
        /// and no user configuration; `paused`: started paused.
        func startMPV(paused: Bool = false) throws -> ChildProcess {
            try start(
                ["/usr/bin/mpv", "--no-video", "--ao=pulse", "--idle=no", "--loop", "--no-terminal"]
                    + (paused ? ["--pause"] : []) + [Fixtures.path("long440.mp3")])
        }

        /// `playerctl status` of the first player whose name starts with `name`.
        func status(of name: String) -> String {
            bus.run(["/usr/bin/playerctl", "-p", name, "status"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The foreign sessions `session.list` shows now.
        func foreignSessions() throws -> [SessionInfo] {
            try bench.client.call(Methods.SessionList.self).filter { $0.foreign != nil }
        }
    }

    /// A call pauses mpv through MPRIS (its sound gone, `PlaybackStatus` Paused, its session
    /// interrupted and naming the player) and plays it again when the call ends.
    @Test func aCallPausesAnotherPlayerAndPlaysItAgain() throws {
        let rig = try Rig()
        _ = try rig.startMPV()
        let reference = rig.bench.steadyLevel(of: 440, upTo: 8)
        #expect(try rig.bench.wait(upTo: 3) { try rig.foreignSessions().first { $0.foreign?.binary == "mpv" }?.state == .active })

        let call = try rig.start(["/usr/bin/paplay", "--property=media.role=phone", Fixtures.path("call1500.wav")])
        #expect(rig.bench.wait(upTo: 3) { rig.status(of: "mpv") == "Paused" })
        #expect(rig.bench.waitUntilSilent(at: 440))
        // The player reports itself paused to every listener at once; the daemon names it in
        // the session once its own reading of `PlaybackStatus` has come back, a moment later.
        let namesThePlayer = try rig.bench.wait(upTo: 3) {
            try rig.foreignSessions().contains {
                $0.foreign?.binary == "mpv" && $0.state == .interrupted
                    && $0.foreign?.player?.hasPrefix("org.mpris.MediaPlayer2.mpv") == true
            }
        }
        #expect(namesThePlayer, "\(String(describing: try? rig.foreignSessions()))")

        _ = call.terminate()
        #expect(rig.bench.wait(upTo: 3) { rig.status(of: "mpv") == "Playing" })
        #expect(rig.bench.waitUntilHeard(440, near: reference, upTo: 5))
    }

    /// An mpv the listener paused before the call is not played by the call's end.
    @Test func aPlayerPausedBeforeTheCallStaysPaused() throws {
        let rig = try Rig()
        _ = try rig.startMPV(paused: true)
        #expect(rig.bench.wait(upTo: 5) { rig.status(of: "mpv") == "Paused" })
        let call = try rig.start(["/usr/bin/paplay", "--property=media.role=phone", Fixtures.path("call1500.wav")])
        #expect(try rig.bench.wait(upTo: 3) { try rig.foreignSessions().contains { $0.category == .playAndRecord } })
        _ = call.terminate()
        #expect(try rig.bench.wait(upTo: 3) { try !rig.foreignSessions().contains { $0.category == .playAndRecord } })
        #expect(rig.status(of: "mpv") == "Paused")
        #expect(rig.bench.heardLevel(of: 440, over: 0.3) < silenceLevel)
    }

    /// A player that answers `Pause` but plays on (its stream comes from its child, as a
    /// browser's does) is faded out and muted for the call, and heard again after it.
    @Test func aPlayerThatIgnoresPauseIsMutedInstead() throws {
        let rig = try Rig()
        let script = BuiltProducts.packageRoot + "/Tests/Support/test_mpris_player.py"
        _ = try rig.start([
            "/usr/bin/python3", script, "stubborn", "--ignore-pause", "--child", "/usr/bin/paplay",
            "--property=media.role=music", Fixtures.path("music660.wav"),
        ])
        let reference = rig.bench.steadyLevel(of: 660, upTo: 8)
        #expect(abs(reference - fixtureToneLevel) < 1.5)

        let call = try rig.start(["/usr/bin/paplay", "--property=media.role=phone", Fixtures.path("call1500.wav")])
        #expect(rig.bench.waitUntilSilent(at: 660))
        #expect(try rig.bench.wait(upTo: 3) { try rig.foreignSessions().first { $0.foreign?.mediaRole == "music" }?.state == .interrupted })
        #expect(rig.status(of: "stubborn") == "Playing")

        _ = call.terminate()
        #expect(rig.bench.waitUntilHeard(660, near: reference, upTo: 5))
    }
}
