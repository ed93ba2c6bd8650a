extension AudibleScenarioDriver {
    /// `result` with each step's audio checks added to its comparison: a check that failed,
    /// or a tone or recording that could not be made, fails its step, and so the run, the
    /// summary and the JUnit report.
    /// - Parameter result: the run of the scenario on this driver.
    /// - Returns: the run with the audio rows.
    func merged(into result: ScenarioResult) -> ScenarioResult {
        var result = result
        for index in result.steps.indices {
            let number = result.steps[index].number
            result.steps[index].rows += checks[number, default: []].map(\.row)
            result.steps[index].rows += problems[number, default: []].map {
                ScenarioComparisonRow(expected: "audio heard at the monitor", actual: $0, matches: false)
            }
        }
        return result
    }

    /// The report of `result` (merged with ``merged(into:)``) with the levels heard after
    /// each passing step under its line; a failing step shows them in its comparison.
    /// - Parameter result: the merged run.
    /// - Returns: the lines, without line ends.
    func report(for result: ScenarioResult) -> [String] {
        var lines: [String] = []
        for line in ScenarioReport.lines(for: result) {
            lines.append(line)
            guard let step = result.steps.first(where: { line == "✔ step \($0.number): \($0.step.action)" }) else {
                continue
            }
            lines += checks[step.number, default: []].map(\.line)
        }
        return lines
    }
}
