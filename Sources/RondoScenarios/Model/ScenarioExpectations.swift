public import Focus

/// What must hold after a step: its `expect` table (SPEC §8).
///
/// Only what is written is checked. A step that states no `error` still fails when its
/// request fails: an unexpected refusal would otherwise go unnoticed.
public struct ScenarioExpectations: Equatable, Sendable {
    /// A session's expected state, or its expected gain.
    public struct Expected<Value: Equatable & Sendable>: Equatable, Sendable {
        /// The session's name.
        public var session: String
        /// What it must be.
        public var value: Value

        /// An expectation about `session`.
        /// - Parameters:
        ///   - session: the session's name.
        ///   - value: what it must be.
        public init(_ session: String, _ value: Value) {
            self.session = session
            self.value = value
        }
    }

    /// Session states, in the order the sessions were declared or opened.
    public var states: [Expected<SessionState>]
    /// The prompt style, if stated.
    public var promptStyle: PromptStyle?
    /// Whether the step's request succeeds or fails with which code, if stated.
    public var outcome: StepOutcome?
    /// Session gains (`gain.NAME`), each matched within ±``ScenarioEvent/gainTolerance``, in
    /// the order the sessions were declared or opened.
    public var gains: [Expected<Double>]

    /// Expectations from their parts; all empty expects nothing.
    /// - Parameters:
    ///   - states: session states.
    ///   - promptStyle: the prompt style.
    ///   - outcome: the request's success or error code.
    ///   - gains: session gains.
    public init(
        states: [Expected<SessionState>] = [], promptStyle: PromptStyle? = nil, outcome: StepOutcome? = nil,
        gains: [Expected<Double>] = []
    ) {
        self.states = states
        self.promptStyle = promptStyle
        self.outcome = outcome
        self.gains = gains
    }
}
