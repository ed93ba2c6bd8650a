/// A command as a remote control (a car's buttons, the CLI) sends it (SPEC §4).
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
    /// Restart the item when 3 s or more have played, else go back to the item played
    /// before it.
    case previousTrack
    /// Seek to an absolute position in seconds, clamped to the item's duration.
    case changePlaybackPosition(Double)
    /// Seek forward by `interval` seconds, or by the preferred interval.
    case skipForward(interval: Double?)
    /// Seek backward by `interval` seconds, or by the preferred interval.
    case skipBackward(interval: Double?)
    /// Start or end scanning forward at ``Player/scanRate``.
    case seekForward(SeekCommandType)
    /// Start or end scanning backward at ``Player/scanRate``, stopping at 0.
    case seekBackward(SeekCommandType)
    /// Play at the given supported rate, or at the next one (``Player/nextRate(after:)``).
    case changePlaybackRate(Double?)
    /// Set the repeat mode, or cycle it (``RepeatMode/next``).
    case changeRepeatMode(RepeatMode?)
    /// Set the shuffle mode, or cycle it (``ShuffleMode/next``).
    case changeShuffleMode(ShuffleMode?)
    /// Set whether the current item is liked, or toggle it.
    case like(isActive: Bool?)
    /// Set whether the current item is disliked, or toggle it.
    case dislike(isActive: Bool?)
    /// Set whether the current item is bookmarked, or toggle it.
    case bookmark(isActive: Bool?)

    /// The command's name, which its enabled flag belongs to.
    public var kind: RemoteCommandKind {
        switch self {
        case .play: .play
        case .pause: .pause
        case .togglePlayPause: .togglePlayPause
        case .stop: .stop
        case .nextTrack: .nextTrack
        case .previousTrack: .previousTrack
        case .changePlaybackPosition: .changePlaybackPosition
        case .skipForward: .skipForward
        case .skipBackward: .skipBackward
        case .seekForward: .seekForward
        case .seekBackward: .seekBackward
        case .changePlaybackRate: .changePlaybackRate
        case .changeRepeatMode: .changeRepeatMode
        case .changeShuffleMode: .changeShuffleMode
        case .like: .like
        case .dislike: .dislike
        case .bookmark: .bookmark
        }
    }
}
