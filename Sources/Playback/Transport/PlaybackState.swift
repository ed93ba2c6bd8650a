/// What the transport is doing, as a now-playing screen shows it.
public enum PlaybackState: String, Sendable, CaseIterable {
    /// Audio is being produced.
    case playing
    /// A current item is held at a position; `play` resumes it.
    case paused
    /// Nothing is being played; `play` starts the current or first item from its start.
    case stopped
    /// Paused because another audio session took the output.
    case interrupted
    /// The state cannot be told.
    case unknown
}
