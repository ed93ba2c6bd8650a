/// What ``SessionAudioControl`` saw happen at the PulseAudio server, in the words of the
/// sessions it tracks.
public enum SessionAudioEvent: Equatable, Sendable {
    /// The session went from no uncorked sink input to at least one: it is making sound.
    case soundStarted(session: String)
    /// The session's last uncorked sink input corked or went away: it is silent.
    case soundStopped(session: String)
    /// A sink went away; `sessions` (sorted) had sink inputs on it just before.
    case sinkRemoved(name: String, sessions: [String])
    /// A sink appeared.
    case sinkAdded(name: String)
    /// A sink input of `session` moved from one sink to another, which is still there (by
    /// name; `to` is `nil` when not known yet): the server followed a new default, or a
    /// stream was moved. A move off a sink being removed is reported as ``sinkRemoved(name:sessions:)``.
    case sessionMoved(session: String, from: String, to: String?)
    /// The connection to the server failed (the server went away): the control does
    /// nothing more, and a new one must connect once a server answers again.
    case serverLost
}
