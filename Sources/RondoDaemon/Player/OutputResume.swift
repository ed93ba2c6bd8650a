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
