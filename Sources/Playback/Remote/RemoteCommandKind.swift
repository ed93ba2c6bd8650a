/// The name of a remote command (SPEC §4), without its parameters: what `remote.list`
/// lists and `remote.setEnabled` enables.
public enum RemoteCommandKind: String, Sendable, CaseIterable, Codable {
    /// ``RemoteCommand/play``.
    case play
    /// ``RemoteCommand/pause``.
    case pause
    /// ``RemoteCommand/togglePlayPause``.
    case togglePlayPause
    /// ``RemoteCommand/stop``.
    case stop
    /// ``RemoteCommand/nextTrack``.
    case nextTrack
    /// ``RemoteCommand/previousTrack``.
    case previousTrack
    /// ``RemoteCommand/changePlaybackPosition(_:)``.
    case changePlaybackPosition
    /// ``RemoteCommand/skipForward(interval:)``.
    case skipForward
    /// ``RemoteCommand/skipBackward(interval:)``.
    case skipBackward
    /// ``RemoteCommand/seekForward(_:)``.
    case seekForward
    /// ``RemoteCommand/seekBackward(_:)``.
    case seekBackward
    /// ``RemoteCommand/changePlaybackRate(_:)``.
    case changePlaybackRate
    /// ``RemoteCommand/changeRepeatMode(_:)``.
    case changeRepeatMode
    /// ``RemoteCommand/changeShuffleMode(_:)``.
    case changeShuffleMode
    /// ``RemoteCommand/like(isActive:)``.
    case like
    /// ``RemoteCommand/dislike(isActive:)``.
    case dislike
    /// ``RemoteCommand/bookmark(isActive:)``.
    case bookmark
}

extension RemoteCommandKind {
    /// The commands that move through an item's time, disabled while a live stream is
    /// current: it has no timeline to move in, and it plays at the rate it is sent.
    public static let movingThroughTime: Set<RemoteCommandKind> = [
        .changePlaybackPosition, .skipForward, .skipBackward, .seekForward, .seekBackward, .changePlaybackRate,
    ]
}
