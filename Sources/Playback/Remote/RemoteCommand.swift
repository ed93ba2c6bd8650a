/// A transport command as a remote control (a car's buttons, the CLI) sends it.
public enum RemoteCommand: Equatable, Sendable {
    /// Start or resume playback.
    case play
    /// Pause, keeping the position.
    case pause
    /// Pause when playing, else play.
    case togglePlayPause
    /// Stop and rewind the current item.
    case stop
    /// Go to the next item in play order.
    case nextTrack
    /// Restart the item when 3 s or more have played, else go to the previous item.
    case previousTrack
    /// Seek to an absolute position in seconds, clamped to the item's duration.
    case changePlaybackPosition(Double)
    /// Seek forward by `interval` seconds, or by the preferred interval.
    case skipForward(interval: Double?)
    /// Seek backward by `interval` seconds, or by the preferred interval.
    case skipBackward(interval: Double?)
}
