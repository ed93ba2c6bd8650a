/// Something that happened to the arbiter's sessions: a request from an owner, or news from
/// the daemon about streams, sinks and time.
public enum FocusEvent: Equatable, Sendable {
    /// Opens an inactive session; an identity already open is `badParam`.
    case open(SessionID, name: String, owner: OwnerID, configuration: SessionConfiguration)
    /// Replaces a session's configuration. For an active session it applies at once, as if it
    /// activated again under the new configuration: the activation checks run (a refusal
    /// leaves the old configuration), it interrupts and ducks whom the new configuration
    /// says, and the interruptions it caused before stay until it deactivates.
    case configure(SessionID, SessionConfiguration)
    /// Activates a session; already active is a success that changes nothing.
    case activate(SessionID)
    /// Deactivates a session; with `notifyOthers` the interruptions it caused may end.
    /// Deactivating an inactive session changes nothing about it but still releases the
    /// interruptions it holds; deactivating an interrupted one makes it inactive.
    case deactivate(SessionID, notifyOthers: Bool)
    /// Deactivates a session with notify-others and forgets it; the closed session itself is
    /// told nothing, and is never reported busy.
    case close(SessionID)
    /// Closes every session the owner has, as ``close(_:)`` does; an owner with none is no error.
    case ownerGone(OwnerID)
    /// The session's streams started producing sound.
    case soundStarted(SessionID)
    /// The session's streams stopped producing sound.
    case soundStopped(SessionID)
    /// The sink sessions play to disappeared; `sink` names it when known.
    case routeLost(sink: String?)
    /// A new sink appeared; `sink` names it when known.
    case routeRestored(sink: String?)
    /// Time passed; only the time-based advisories can follow.
    case tick
}
