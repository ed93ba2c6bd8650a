import Focus

/// What actually happened in one step: the step's error, its events and the state after it.
public struct ScenarioObservation: Equatable, Sendable {
    /// The sessions' states and gains and the prompt style after the step.
    public var snapshot: ScenarioSnapshot
    /// The error of the step's own request, if it failed.
    public var error: ScenarioDriverError?
    /// What the step caused, in order, including automatic re-activations.
    public var events: [ScenarioEvent]

    /// An observation from its parts.
    /// - Parameters:
    ///   - snapshot: the state after the step.
    ///   - error: the step's error, if any.
    ///   - events: what the step caused.
    public init(snapshot: ScenarioSnapshot, error: ScenarioDriverError? = nil, events: [ScenarioEvent] = []) {
        self.snapshot = snapshot
        self.error = error
        self.events = events
    }

    /// The step's outcome, as an `error` expectation writes it.
    public var outcome: StepOutcome { error.map { .failure(code: $0.code) } ?? .success }
}
