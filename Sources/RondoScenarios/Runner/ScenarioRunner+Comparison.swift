import Focus

extension ScenarioRunner {
    /// `step`'s expectations beside `observation`, as ``ScenarioStepResult/rows`` orders them.
    /// A step that states no `error` expects none.
    static func compare(_ step: ScenarioStep, with observation: ScenarioObservation) -> [ScenarioComparisonRow] {
        let expected = step.expectations
        let snapshot = observation.snapshot
        var rows: [ScenarioComparisonRow] = []
        for state in expected.states {
            let actual = snapshot.state(of: state.session)
            rows.append(
                ScenarioComparisonRow(
                    expected: "\(state.session) = \(state.value.rawValue)",
                    actual: "\(state.session) = \(actual.rawValue)", matches: actual == state.value))
        }
        if let style = expected.promptStyle {
            rows.append(
                ScenarioComparisonRow(
                    expected: "promptStyle = \(style.rawValue)",
                    actual: "promptStyle = \(snapshot.promptStyle.rawValue)", matches: style == snapshot.promptStyle))
        }
        if expected.outcome != nil || observation.error != nil {
            let outcome = expected.outcome ?? .success
            rows.append(
                ScenarioComparisonRow(
                    expected: "error = \(outcome)", actual: "error = \(observation.outcome)",
                    matches: outcome == observation.outcome))
        }
        for gain in expected.gains {
            let actual = snapshot.gain(of: gain.session)
            rows.append(
                ScenarioComparisonRow(
                    expected: "gain.\(gain.session) = \(ScenarioEvent.number(gain.value))",
                    actual: "gain.\(gain.session) = \(ScenarioEvent.number(actual))",
                    matches: ScenarioEvent.gain(actual, matches: gain.value)))
        }
        if let events = step.events {
            rows += eventRows(expected: events, actual: observation.events)
        }
        return rows
    }

    /// An `events:` row, then the expected and actual events aligned so that matching events
    /// share a row and the rest stand beside each other where they differ.
    private static func eventRows(expected: [ScenarioEvent], actual: [ScenarioEvent]) -> [ScenarioComparisonRow] {
        let header = expected.isEmpty && actual.isEmpty ? "events: none" : "events:"
        return [ScenarioComparisonRow(expected: header, actual: header, matches: true)]
            + EventAlignment.pairs(expected, actual).map { pair in
                ScenarioComparisonRow(
                    expected: pair.expected?.description ?? "", actual: pair.actual?.description ?? "",
                    matches: pair.matches)
            }
    }
}
