import Foundation
import Logging
import RondoTesting
import Spawning
import Testing

@testable import RondoMPRIS

/// Other programs' players on a private session bus — mpv with its MPRIS plugin, and the
/// tests' own player — paused by the process of their stream, and played again only when
/// Rondo's pause is the last thing that happened to them.
struct ForeignPlayersTests {
    /// mpv's player is found by mpv's pid and paused (playerctl reads Paused), and resuming
    /// plays it again.
    @Test func pausesMPVByItsProcessAndPlaysItAgain() throws {
        let rig = try PlayerRig()
        defer { rig.stop() }
        let mpv = try rig.startMPV()
        let outcome = rig.pause(processID: mpv.pid)
        guard case .paused(let player) = outcome else {
            Issue.record("pausing mpv answered \(String(describing: outcome))")
            return
        }
        #expect(player.hasPrefix("org.mpris.MediaPlayer2.mpv"))
        #expect(rig.status(of: player) == "Paused")
        #expect(rig.resume(player: player) == true)
        #expect(eventually { rig.status(of: player) == "Playing" })
    }

    /// A stream of a child of the player's process (as a browser's audio service is) pauses
    /// the parent's player.
    @Test func findsThePlayerOfAnAncestorProcess() throws {
        let rig = try PlayerRig()
        defer { rig.stop() }
        let pidFile = rig.file("child.pid")
        _ = try rig.startTestPlayer(named: "parent", ["--child-pid-file", pidFile])
        let child = try rig.childProcessID(in: pidFile)
        #expect(rig.pause(processID: child) == .paused(player: "org.mpris.MediaPlayer2.parent"))
        #expect(rig.status(of: "org.mpris.MediaPlayer2.parent") == "Paused")
    }

    /// A player that answers Pause but goes on playing is reported as such, and is not
    /// played by a resume.
    @Test func aPlayerThatIgnoresPauseKeptPlaying() throws {
        let rig = try PlayerRig()
        defer { rig.stop() }
        let stubborn = try rig.startTestPlayer(named: "stubborn", ["--ignore-pause"])
        #expect(rig.pause(processID: stubborn.pid, within: 0.5) == .keptPlaying(player: "org.mpris.MediaPlayer2.stubborn"))
        #expect(rig.status(of: "org.mpris.MediaPlayer2.stubborn") == "Playing")
        #expect(rig.resume(player: "org.mpris.MediaPlayer2.stubborn") == false)
    }

    /// A player the user played and paused again after Rondo paused it is left paused by
    /// the resume.
    ///
    /// The user's play and pause are each awaited until mpv announced them: mpv folds a
    /// play and pause quicker than its announcements into none, which no listener can see.
    @Test func aPlayerTheUserTouchedIsNotResumed() throws {
        let rig = try PlayerRig()
        defer { rig.stop() }
        let mpv = try rig.startMPV()
        try rig.startMonitor()
        guard case .paused(let player) = rig.pause(processID: mpv.pid) else {
            Issue.record("mpv was not paused")
            return
        }
        // Waited for by the last status announced, with room for a machine busy with other
        // tests: the order is what matters, not how fast mpv or dbus-monitor are.
        rig.playerctl("play", player)
        #expect(eventually(within: 10) { rig.announcedStatuses().last == "Playing" }, "\(rig.announcedStatuses())")
        rig.playerctl("pause", player)
        #expect(
            eventually(within: 10) { rig.announcedStatuses().suffix(2) == ["Playing", "Paused"] }, "\(rig.announcedStatuses())")
        #expect(rig.resume(player: player) == false)
        #expect(rig.status(of: player) == "Paused")
    }

    /// A player that was already paused is not one to pause, and so is never resumed.
    @Test func aPausedPlayerIsLeftAlone() throws {
        let rig = try PlayerRig()
        defer { rig.stop() }
        let idle = try rig.startTestPlayer(named: "idle", ["--paused"])
        #expect(rig.pause(processID: idle.pid) == .noPlayer)
        #expect(rig.resume(player: "org.mpris.MediaPlayer2.idle") == false)
        #expect(rig.status(of: "org.mpris.MediaPlayer2.idle") == "Paused")
    }

    /// A process with no player of its own or of an ancestor finds none, though other
    /// processes' players play; and Rondo's own player is never paused as another's.
    @Test func otherProcessesAndRondosOwnPlayerAreNotPaused() throws {
        let rig = try PlayerRig()
        defer { rig.stop() }
        _ = try rig.startTestPlayer(named: "elsewhere")
        let own = try rig.startTestPlayer(named: "rondo")
        #expect(rig.pause(processID: getpid()) == .noPlayer)
        #expect(rig.pause(processID: own.pid) == .noPlayer)
        #expect(rig.status(of: "org.mpris.MediaPlayer2.elsewhere") == "Playing")
        #expect(rig.status(of: "org.mpris.MediaPlayer2.rondo") == "Playing")
    }

    /// With no session bus every pause finds no player, at once.
    @Test func withoutABusThereIsNoPlayer() {
        let players = ForeignPlayers(
            logger: Logger(label: "rondo-players-test") { _ in SwiftLogNoOpLogHandler() },
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/rondo-test/bus"])
        players.start()
        defer { players.stop() }
        let answer = Answer<ForeignPauseOutcome>()
        players.pause(processID: getpid()) { answer.give($0) }
        #expect(answer.wait(seconds: 2) == .noPlayer)
    }

    /// A bus that restarts is joined again, and the players on it are paused.
    @Test func aRestartedBusIsUsedAgain() throws {
        let rig = try PlayerRig()
        defer { rig.stop() }
        rig.bus.kill()
        try rig.bus.start()
        let player = try rig.startTestPlayer(named: "after")
        #expect(eventually { rig.pause(processID: player.pid) == .paused(player: "org.mpris.MediaPlayer2.after") })
    }
}
