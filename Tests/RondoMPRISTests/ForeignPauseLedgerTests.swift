import Testing

@testable import RondoMPRIS

/// Rondo plays a player again only when its own pause is the last change of the player's
/// status, and tells every caller waiting on a pause how it ended.
struct ForeignPauseLedgerTests {
    private let mpv = "org.mpris.MediaPlayer2.mpv"

    /// A ledger with a pause of mpv (connection `:1.5`) sent at 10 s, awaited for 0.5 s by waiter 1.
    private func pausing() -> ForeignPauseLedger {
        var ledger = ForeignPauseLedger()
        ledger.pauseSent(player: mpv, owner: ":1.5", deadline: 10.5, waiter: 1)
        return ledger
    }

    /// Paused announced in time is a pause Rondo may undo.
    @Test func pausedInTimeIsResumable() {
        var ledger = pausing()
        #expect(ledger.nextDeadline == 10.5)
        #expect(ledger.statusChanged(owner: ":1.5", to: "Playing") == [])
        #expect(ledger.statusChanged(owner: ":1.5", to: "Paused") == [.report(waiters: [1], .paused(player: mpv))])
        #expect(ledger.nextDeadline == nil)
        #expect(ledger.due(at: 11) == [])
        #expect(ledger.mayResume(player: mpv, owner: ":1.5"))
        #expect(!ledger.mayResume(player: mpv, owner: ":1.9"))
    }

    /// Another connection's announcement says nothing of this player.
    @Test func otherConnectionsDoNotCount() {
        var ledger = pausing()
        #expect(ledger.statusChanged(owner: ":1.6", to: "Paused") == [])
        _ = ledger.statusChanged(owner: ":1.5", to: "Paused")
        #expect(ledger.statusChanged(owner: ":1.6", to: "Playing") == [])
        #expect(ledger.mayResume(player: mpv, owner: ":1.5"))
    }

    /// Without an announcement the status is read at the deadline: Paused is a pause,
    /// anything else (or no answer) a player that kept playing, not to be played again.
    @Test(
        arguments: [
            ("Paused", ForeignPauseOutcome.paused(player: "org.mpris.MediaPlayer2.mpv"), true),
            ("Playing", .keptPlaying(player: "org.mpris.MediaPlayer2.mpv"), false),
            ("Stopped", .keptPlaying(player: "org.mpris.MediaPlayer2.mpv"), false),
            (nil, .keptPlaying(player: "org.mpris.MediaPlayer2.mpv"), false),
        ] as [(String?, ForeignPauseOutcome, Bool)])
    func theDeadlineReadsTheStatus(status: String?, outcome: ForeignPauseOutcome, resumable: Bool) {
        var ledger = pausing()
        #expect(ledger.due(at: 10.4) == [])
        #expect(ledger.due(at: 10.5) == [.confirm(player: mpv)])
        #expect(ledger.due(at: 11) == [])
        #expect(ledger.nextDeadline == nil)
        #expect(ledger.confirmed(player: mpv, status: status) == [.report(waiters: [1], outcome)])
        #expect(ledger.mayResume(player: mpv, owner: ":1.5") == resumable)
        #expect(ledger.confirmed(player: mpv, status: "Paused") == [])
    }

    /// Paused announced while the status is being read settles it once.
    @Test func anAnnouncementWhileConfirmingSettlesIt() {
        var ledger = pausing()
        _ = ledger.due(at: 11)
        #expect(ledger.statusChanged(owner: ":1.5", to: "Paused") == [.report(waiters: [1], .paused(player: mpv))])
        #expect(ledger.confirmed(player: mpv, status: "Paused") == [])
        #expect(ledger.mayResume(player: mpv, owner: ":1.5"))
    }

    /// Any announcement of the status after Rondo's pause — played, stopped, invalidated,
    /// or Paused again (a quick play and pause folded into one) — is the user's, and the
    /// player is not played again.
    @Test(arguments: ["Playing", "Stopped", "Paused", nil] as [String?])
    func anAnnouncementSinceThePauseIsATouch(status: String?) {
        var ledger = pausing()
        _ = ledger.statusChanged(owner: ":1.5", to: "Paused")
        #expect(ledger.mayResume(player: mpv, owner: ":1.5"))
        #expect(ledger.statusChanged(owner: ":1.5", to: status) == [])
        #expect(ledger.statusChanged(owner: ":1.5", to: "Paused") == [])
        #expect(!ledger.mayResume(player: mpv, owner: ":1.5"))
        #expect(!ledger.isPaused(player: mpv))
    }

    /// A second pause of a player being paused waits for the same outcome; one of a player
    /// Rondo paused is told so at once.
    @Test func aSecondPauseJoinsTheFirst() {
        var ledger = pausing()
        #expect(ledger.join(player: mpv, owner: ":1.5", status: "Playing", waiter: 2) == [])
        #expect(ledger.statusChanged(owner: ":1.5", to: "Paused") == [.report(waiters: [1, 2], .paused(player: mpv))])
        #expect(ledger.join(player: mpv, owner: ":1.5", status: "Paused", waiter: 3) == [.report(waiters: [3], .paused(player: mpv))])
        #expect(ledger.mayResume(player: mpv, owner: ":1.5"))
    }

    /// A pause finds nothing to join for a player Rondo never paused, one that restarted
    /// under the same name, or one playing again unannounced (which Rondo then forgets).
    @Test func aPauseJoinsOnlyTheSameStandingPause() {
        var ledger = ForeignPauseLedger()
        #expect(ledger.join(player: mpv, owner: ":1.5", status: "Playing", waiter: 1) == nil)
        ledger = pausing()
        _ = ledger.statusChanged(owner: ":1.5", to: "Paused")
        #expect(ledger.join(player: mpv, owner: ":1.8", status: "Playing", waiter: 2) == nil)
        #expect(!ledger.isPaused(player: mpv))
        ledger = pausing()
        _ = ledger.statusChanged(owner: ":1.5", to: "Paused")
        #expect(ledger.join(player: mpv, owner: ":1.5", status: "Playing", waiter: 2) == nil)
        #expect(!ledger.isPaused(player: mpv))
    }

    /// Forgetting a player ends its pause (its waiters find no player); losing the bus
    /// forgets every player.
    @Test func forgettingEndsPauses() {
        var ledger = pausing()
        #expect(ledger.forget(player: mpv) == [.report(waiters: [1], .noPlayer)])
        #expect(ledger.forget(player: mpv) == [])
        ledger = pausing()
        ledger.pauseSent(player: "org.mpris.MediaPlayer2.vlc", owner: ":1.7", deadline: 10.2, waiter: 2)
        #expect(ledger.nextDeadline == 10.2)
        ledger.pauseSent(player: "org.mpris.MediaPlayer2.done", owner: ":1.9", deadline: 10.2, waiter: 3)
        _ = ledger.statusChanged(owner: ":1.9", to: "Paused")
        #expect(ledger.forgetAll() == [.report(waiters: [1, 2], .noPlayer)])
        #expect(ledger.entries.isEmpty)
        #expect(ledger.forgetAll() == [])
    }
}
