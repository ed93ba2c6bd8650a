import Focus

/// One `[[step]]` of a scenario: an action (or a program it starts) and what must follow it.
public struct ScenarioStep: Equatable, Sendable {
    /// What the step does.
    public var action: ScenarioAction
    /// What must hold after it.
    public var expectations: ScenarioExpectations
    /// The exact events the step must cause, in order, when the scenario lists them; `nil`
    /// leaves events unchecked.
    public var events: [ScenarioEvent]?
    /// The line of the step's `do`, or of its `spawn`.
    public var line: Int

    /// A step from its parts.
    /// - Parameters:
    ///   - action: what the step does.
    ///   - expectations: what must hold after it.
    ///   - events: the exact events it must cause, or `nil` to leave them unchecked.
    ///   - line: the line of its `do` or `spawn`.
    public init(
        action: ScenarioAction, expectations: ScenarioExpectations = ScenarioExpectations(),
        events: [ScenarioEvent]? = nil, line: Int
    ) {
        self.action = action
        self.expectations = expectations
        self.events = events
        self.line = line
    }
}
