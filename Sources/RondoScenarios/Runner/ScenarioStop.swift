import Focus

/// Why a run ended before its last step: the driver failed outside a step's own request.
public struct ScenarioStop: Equatable, Sendable {
    /// The number of the step it stopped in; 0 while opening the declared sessions.
    public var step: Int
    /// The driver's error.
    public var error: ScenarioDriverError

    /// A stop from its parts.
    /// - Parameters:
    ///   - step: the step it stopped in, or 0 while opening the declared sessions.
    ///   - error: the driver's error.
    public init(step: Int, error: ScenarioDriverError) {
        self.step = step
        self.error = error
    }
}
