/// One session as the arbiter sees it.
public struct FocusSession: Sendable, Equatable {
    /// The session's identity.
    public let id: SessionID
    /// The name its owner gave it, for people reading lists and logs.
    public let name: String
    /// Who opened it.
    public let owner: OwnerID
    /// Its category, mode, options and role.
    public internal(set) var configuration: SessionConfiguration
    /// Whether it is inactive, active, ducked or interrupted.
    public internal(set) var state: SessionState = .inactive
    /// The linear gain for its streams: the policy's duck level while ducked, else 1.
    public internal(set) var gain = 1.0
    /// Whether its streams are producing sound, as the daemon last reported.
    public internal(set) var isProducingSound = false
    /// When it last activated, while it is active; `nil` otherwise.
    public internal(set) var activatedAt: Double?
    /// The sessions that interrupted it and have not released it since: its interruption
    /// ends when the last of them deactivates with notify-others. Empty unless interrupted;
    /// an interrupted session may have none left when its causes deactivated without
    /// notifying, and then stays interrupted until it activates again.
    public internal(set) var interruptedBy: Set<SessionID> = []

    /// False once music interrupted this music (the music-over-music rule) during the
    /// current interruption, so that its end does not ask for a resume.
    var resumesWhenEnded = true
    /// While active and silent: since when; the prompt-hold advisory measures from here.
    var silentSince: Double?
    /// Whether it has produced sound since it last activated.
    var soundedSinceActivation = false
    /// The advisories already sent for the current activation.
    var advised: Set<Advisory> = []

    init(id: SessionID, name: String, owner: OwnerID, configuration: SessionConfiguration) {
        self.id = id
        self.name = name
        self.owner = owner
        self.configuration = configuration
    }
}
