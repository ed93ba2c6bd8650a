/// What the audio-session arbiter tells the ``Player`` about its own session.
public enum AudioSessionNotice: Equatable, Sendable {
    /// Another session took the output: a playing player pauses in state `interrupted`.
    case interruptionBegan
    /// The interruption is over; with `shouldResume` an interrupted player plays on where
    /// it stopped, otherwise it stays paused.
    case interruptionEnded(shouldResume: Bool)
    /// The device the player sounds on went away: a playing player pauses (it never moves
    /// on to another device by itself, as headphones unplugged on a phone).
    case routeLost
}
