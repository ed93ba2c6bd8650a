/// The player's `playbackState` on the wire (SPEC §3), as MPNowPlayingPlaybackState names it.
public enum PlaybackStateName: String, WireName {
    /// Sound is being played.
    case playing
    /// Paused by the listener; `play` resumes where it stopped.
    case paused
    /// Nothing is loaded to play, or playback was stopped.
    case stopped
    /// Paused by another audio session that took the audio.
    case interrupted
    /// The state cannot be told.
    case unknown
}
