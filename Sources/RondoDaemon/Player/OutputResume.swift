import Glibc

/// `[playback] resume_on_output` (SPEC §15): when a sink whose name matches the pattern
/// appears (the car connecting), what the loss of a route paused resumes there, or what
/// stopped within ``window`` seconds. Pure: the player's service keeps what it needs to
/// know and asks.
struct OutputResume: Sendable, Equatable {
    /// A shell pattern of sink names (`bluez_sink.*`, `*Car*`), as `fnmatch(3)` reads it.
    var pattern: String
    /// Seconds after a stop for any other reason within which a matching sink still resumes;
    /// 0: only what a route's loss paused.
    var window: Double

    /// Whether the sink `name` is one the listener named.
    func matches(_ name: String) -> Bool { fnmatch(pattern, name, 0) == 0 }

    /// Where the player was when a route's loss paused it, so that a sink appearing later
    /// resumes only what nothing moved since.
    struct Pause: Sendable, Equatable {
        /// The entry that was playing.
        var entry: UInt64
        /// Its position then, in seconds.
        var position: Double
    }

    /// Whether a matching sink appearing now resumes the player: paused by a route's loss
    /// (`lostRoute`) on the entry and position it still has, or stopped `stoppedAt` within
    /// the window.
    func resumes(lostRoute: Pause?, entry: UInt64?, position: Double, stoppedAt: Double?, now: Double) -> Bool {
        if let lostRoute, lostRoute.entry == entry, abs(lostRoute.position - position) < 1 { return true }
        guard window > 0, entry != nil, let stoppedAt else { return false }
        return now - stoppedAt <= window
    }
}

/// What `resume_on_output` needs to remember between the player's changes, on the player's
/// clock: where a route's loss paused the player, when sound last stopped, and the sink a
/// resume moved the music to. Pure; the player's service notes and asks.
struct OutputResumeWatch {
    /// Which sinks appearing resume playback; `nil` when none does.
    let rule: OutputResume?
    /// Where a route's loss paused the player, until it plays again.
    private(set) var lostRoutePause: OutputResume.Pause?
    /// When sound last stopped, until it plays again.
    private(set) var lastStop: Double?
    /// The sink a resume on its appearance moved the music to, until it goes away.
    private(set) var resumedOn: String?

    /// A watch of `rule`.
    init(rule: OutputResume?) {
        self.rule = rule
    }

    /// Notes, after a change the player applied, whether it plays, given whether it
    /// played before it, at `now`.
    mutating func note(playing: Bool, wasPlaying: Bool, at now: Double) {
        if playing {
            lastStop = nil
            lostRoutePause = nil
        } else if lastStop == nil, wasPlaying {
            lastStop = now
        }
    }

    /// Notes where a playing player was when its route's loss is about to pause it.
    mutating func noteRouteLoss(_ pause: OutputResume.Pause) {
        lostRoutePause = pause
    }

    /// Whether the sink `name` appearing now resumes a player at `entry` and `position`.
    func resumes(on name: String, entry: UInt64?, position: Double, now: Double) -> Bool {
        guard let rule, rule.matches(name) else { return false }
        return rule.resumes(lostRoute: lostRoutePause, entry: entry, position: position, stoppedAt: lastStop, now: now)
    }

    /// Notes that the music was moved to the sink `name`, which appeared.
    mutating func resumed(on name: String) {
        resumedOn = name
    }

    /// Notes that the sink `name` went away.
    /// - Returns: whether it had taken the music, which goes back to the listener's choice.
    mutating func wentAway(_ name: String) -> Bool {
        guard name == resumedOn else { return false }
        resumedOn = nil
        return true
    }
}
