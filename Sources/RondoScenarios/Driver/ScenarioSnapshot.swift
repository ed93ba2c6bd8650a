public import Focus

/// What a ``ScenarioDriver`` reports of its arbiter at one moment: each open session's state
/// and gain, and the prompt style.
public struct ScenarioSnapshot: Equatable, Sendable {
    /// The state of each open session, by name.
    public var states: [String: SessionState]
    /// The gain of each open session's streams, by name.
    public var gains: [String: Double]
    /// How voice prompts should sound.
    public var promptStyle: PromptStyle

    /// A snapshot from its parts.
    /// - Parameters:
    ///   - states: the state of each open session, by name.
    ///   - gains: the gain of each open session, by name.
    ///   - promptStyle: how voice prompts should sound.
    public init(states: [String: SessionState], gains: [String: Double], promptStyle: PromptStyle) {
        self.states = states
        self.gains = gains
        self.promptStyle = promptStyle
    }

    /// The state of session `name`; a session that is not open (never opened, or closed)
    /// plays nothing and counts as `inactive`.
    /// - Parameter name: the session's name.
    /// - Returns: its state.
    public func state(of name: String) -> SessionState { states[name] ?? .inactive }

    /// The gain of session `name`; 1 for a session that is not open.
    /// - Parameter name: the session's name.
    /// - Returns: its gain.
    public func gain(of name: String) -> Double { gains[name] ?? 1 }
}
