/// Everything the arbiter knows: the open sessions and the prompt style they imply.
public struct FocusState: Sendable, Equatable {
    /// The open sessions, in the order they were opened.
    public internal(set) var sessions: [FocusSession] = []
    /// How voice prompts should sound now, by the policy's prompt-style rules.
    public internal(set) var promptStyle: PromptStyle
    /// When the daemon started, in the same seconds as events; sessions activated within the
    /// policy's launch window after it are watched for having nothing to play.
    public let startedAt: Double

    /// The state of a daemon that has just started: no sessions.
    /// - Parameters:
    ///   - policy: the policy in force, for the prompt style with nothing active.
    ///   - startedAt: when the daemon started.
    public init(policy: FocusPolicy, startedAt: Double) {
        promptStyle = policy.promptStyle(for: [])
        self.startedAt = startedAt
    }

    /// The open session `id`, if any.
    /// - Parameter id: the session's identity.
    /// - Returns: the session, or `nil` when none with that identity is open.
    public func session(_ id: SessionID) -> FocusSession? {
        sessions.first { $0.id == id }
    }

    /// The active sessions (ducked or not), in open order.
    public var activeSessions: [FocusSession] { sessions.filter(\.state.isActive) }

    /// Where session `id` sits in ``sessions``.
    func index(of id: SessionID) -> Int? {
        sessions.firstIndex { $0.id == id }
    }
}
