import Focus

/// One line of a step's comparison: an expectation beside what actually happened.
public struct ScenarioComparisonRow: Equatable, Sendable {
    /// The expectation as written (`nav = active`, `music gain 0.3`); empty when the actual
    /// side has an event the scenario did not expect.
    public var expected: String
    /// What happened, in the same words; empty when an expected event did not happen.
    public var actual: String
    /// Whether the two agree.
    public var matches: Bool

    /// A row from its parts.
    /// - Parameters:
    ///   - expected: the expectation as written, or empty.
    ///   - actual: what happened, or empty.
    ///   - matches: whether they agree.
    public init(expected: String, actual: String, matches: Bool) {
        self.expected = expected
        self.actual = actual
        self.matches = matches
    }
}
