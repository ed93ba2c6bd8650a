/// What the daemon must do after a remote-command decision beyond the transport's
/// ``PlayerEffect``s: the output's speed, feedback to store, and the command center's
/// published state.
public enum RemoteEffect: Equatable, Sendable {
    /// Play at `rate` times normal speed, pitch preserved, from what is heard now; the rate
    /// lasts across loads until the next `setRate`.
    case setRate(Double)
    /// Start (or turn) a scan: media time moves at ``Player/scanRate`` in `direction` (a
    /// backward scan stops at 0) until ``endScan``, a `stop` or a lost output.
    case scan(ScanDirection)
    /// End the scan: play on at the chosen rate from the position the scan reached.
    case endScan
    /// Store `feedback` in the library for the track at `location` (an absolute path).
    case storeFeedback(location: String, Feedback)
    /// What `remote.list` shows (an enabled flag or a command property) changed: publish
    /// `remote.changed`.
    case remoteChanged
}
