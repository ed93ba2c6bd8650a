/// What the ``AudioServer`` reports: the connection made and lost, and, on a PulseAudio
/// server, what its session control saw of the sessions' sink inputs and of the sinks.
/// Each is reported once, by the audio server alone.
public enum AudioServerEvent: Equatable, Sendable {
    /// A connection to the server was made: at start, or after the server came back.
    /// Gains and mutes set before it were not heard by this server: set them again.
    case connected
    /// The connection failed (the server went away); attempts to reach it again follow.
    case serverLost
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
    /// Another program's stream appeared (or was there when the connection was made); it
    /// belongs to no session until adopted (``SessionAudio/adopt(_:as:)``).
    case foreignStreamAppeared(ForeignAudioStream)
    /// Another program's stream (a source output when `captures`) went away, after the
    /// sound events of the session it was adopted into, if any.
    case foreignStreamGone(index: UInt32, captures: Bool)
}
