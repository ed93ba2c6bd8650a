/// The player's wait for an audio server that went away: when to try it again, and whether
/// playback resumes by itself once it answers.
///
/// Attempts come quickly at first and back off (0.1 s doubling up to 0.5 s), never in a busy
/// loop: a server back is found within half a second, at the cost of two failed connection
/// attempts a second (a socket connect that is refused) while it is away. Playback resumes by
/// itself only when the player was playing (or asked to play) when the output was lost, and
/// sound plays again within `resumeWithin` seconds of that. A server that answers but cannot
/// play yet (PipeWire's session manager still starting) counts as a failed attempt, so the
/// wait goes on; after the window it ends and the player stays paused until asked again.
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

    /// The first wait between attempts, and the longest.
    static let firstDelay = 0.1
    static let longestDelay = 0.5

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

    /// Playback resumed, or was started or stopped by a command: nothing waits any more.
    mutating func cancel() {
        self = OutputRecovery(resumeWithin: resumeWithin)
    }
}
