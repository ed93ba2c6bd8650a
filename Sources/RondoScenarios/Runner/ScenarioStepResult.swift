import Focus

/// How one step went: what happened, and each expectation beside it.
public struct ScenarioStepResult: Equatable, Sendable {
    /// The step's 1-based number in its scenario.
    public var number: Int
    /// The step.
    public var step: ScenarioStep
    /// What actually happened.
    public var observation: ScenarioObservation
    /// The expectations beside what happened, in the order a report shows them: session
    /// states, prompt style, error, gains, then the events under an `events:` row.
    public var rows: [ScenarioComparisonRow]

    /// A step result from its parts.
    /// - Parameters:
    ///   - number: the step's 1-based number.
    ///   - step: the step.
    ///   - observation: what happened.
    ///   - rows: the comparison.
    public init(number: Int, step: ScenarioStep, observation: ScenarioObservation, rows: [ScenarioComparisonRow]) {
        self.number = number
        self.step = step
        self.observation = observation
        self.rows = rows
    }

    /// Whether every expectation held.
    public var passed: Bool { rows.allSatisfy(\.matches) }
}
