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
