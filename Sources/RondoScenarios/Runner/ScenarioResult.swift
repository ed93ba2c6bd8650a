import Focus

/// How a scenario run went, step by step.
public struct ScenarioResult: Equatable, Sendable {
    /// The scenario that ran.
    public var scenario: Scenario
    /// The steps that ran, in order.
    public var steps: [ScenarioStepResult]
    /// Why the run ended early, if it did; the steps after it did not run.
    public var stop: ScenarioStop?

    /// A result from its parts.
    /// - Parameters:
    ///   - scenario: the scenario.
    ///   - steps: the steps that ran.
    ///   - stop: why the run ended early, if it did.
    public init(scenario: Scenario, steps: [ScenarioStepResult], stop: ScenarioStop? = nil) {
        self.scenario = scenario
        self.steps = steps
        self.stop = stop
    }

    /// How many steps ran and met every expectation.
    public var passedCount: Int { steps.filter(\.passed).count }

    /// How many steps failed; the steps that did not run count as failed.
    public var failedCount: Int { scenario.steps.count - passedCount }

    /// Whether every step ran and passed.
    public var passed: Bool { failedCount == 0 && stop == nil }
}
