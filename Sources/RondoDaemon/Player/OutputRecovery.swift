/// The player's wait for an audio server that went away: whether playback resumes by itself
/// once it is back, and when to try playing again.
///
/// The ``AudioServer`` reconnects; this decides what the player does about it. Playback
/// resumes by itself only when the player was playing (or asked to play) when the output
/// was lost, and sound plays again within `resumeWithin` seconds of that. The server's
/// return (``serverBack(at:)``) makes an attempt due at once; until then attempts come at
/// 0.1 s doubling up to 0.5 s, never in a busy loop. A server that answers but cannot play
/// yet (PipeWire's session manager still starting) counts as a failed attempt, so the wait
/// goes on; after the window it ends and the player stays paused until asked again.
///
/// The engine's report that its stream stopped and the audio server's report that it was
/// lost come on two streams, in either order: a stop while playing is remembered for
/// ``explainWithin`` seconds, so a loss reported just after it still counts as one with
/// sound wanted.
///
/// Pure: time is passed in; the player service owns the value.
struct OutputRecovery: Equatable {
    /// Seconds within which a returning server resumes playback (`resume_within_s`).
    let resumeWithin: Double
    /// When the output was lost with sound wanted; `nil` when nothing waits.
    private(set) var lostAt: Double?
    /// When the next connection attempt is due.
    private(set) var nextAttemptAt: Double?
    private var failedAttempts = 0
    /// When the output last stopped the sound while it played, until the audio server
    /// says why (or ``explainWithin`` passes).
    private(set) var stoppedWhilePlayingAt: Double?

    /// The first wait between attempts, and the longest.
    static let firstDelay = 0.1
    static let longestDelay = 0.5
    /// How long a stop of the sound waits for the audio server's report that explains it.
    static let explainWithin = 2.0

    /// Creates an idle recovery.
    init(resumeWithin: Double) {
        self.resumeWithin = resumeWithin
    }

    /// Whether a wait is under way.
    var isWaiting: Bool { lostAt != nil }

    /// The output was lost (or could not be opened) at `now` while sound was wanted; a wait
    /// already under way keeps its start, so repeated failures do not stretch the window.
    mutating func outputLost(at now: Double) {
        if lostAt == nil {
            lostAt = now
            failedAttempts = 0
        }
        nextAttemptAt = now + Self.firstDelay
    }

    /// Whether a connection attempt is due at `now`; past the window, the wait ends.
    mutating func attemptDue(at now: Double) -> Bool {
        guard let lostAt, let nextAttemptAt else { return false }
        if now - lostAt > resumeWithin {
            self = OutputRecovery(resumeWithin: resumeWithin)
            return false
        }
        return now >= nextAttemptAt
    }

    /// An attempt at `now` found no server: the next one waits longer.
    mutating func attemptFailed(at now: Double) {
        failedAttempts += 1
        let delay = min(Self.longestDelay, Self.firstDelay * Double(1 << min(failedAttempts, 8)))
        nextAttemptAt = now + delay
    }

    /// The output stopped the sound at `now` while it played (the engine's report): a loss
    /// of the server reported soon after was one with sound wanted.
    mutating func soundStopped(at now: Double) {
        stoppedWhilePlayingAt = now
    }

    /// The audio server was lost at `now`; the wait begins when sound was wanted: the player
    /// plays, or the output stopped it within ``explainWithin`` seconds.
    mutating func serverLost(at now: Double, playing: Bool) {
        let stoppedJustBefore = stoppedWhilePlayingAt.map { now - $0 <= Self.explainWithin } ?? false
        stoppedWhilePlayingAt = nil
        if playing || stoppedJustBefore { outputLost(at: now) }
    }

    /// The audio server is back at `now`: while waiting, an attempt is due at once.
    mutating func serverBack(at now: Double) {
        guard lostAt != nil else { return }
        nextAttemptAt = now
    }

    /// Playback resumed, or was started or stopped by a command: nothing waits any more.
    mutating func cancel() {
        self = OutputRecovery(resumeWithin: resumeWithin)
    }
}
