import Focus

/// Plain-text reports of scenario runs, as `rondo scenario run` prints them.
///
/// A run is one header line (`FILE: NAME`), then one line per step (`✔ step 2: activate nav`,
/// `✘ step 3: deactivate nav notify-others`). Under a failing step the expectations stand
/// beside what happened in two columns, rows that differ marked `≠`. A run that stopped
/// early says where and why, and lists the steps that did not run.
public enum ScenarioReport {
    /// The lines reporting `result`.
    /// - Parameter result: a scenario run.
    /// - Returns: the lines, without line ends.
    public static func lines(for result: ScenarioResult) -> [String] {
        var lines = ["\(result.scenario.file): \(result.scenario.name)"]
        for step in result.steps {
            lines.append("\(step.passed ? "✔" : "✘") step \(step.number): \(step.step.action)")
            if !step.passed { lines += comparison(step.rows) }
        }
        guard let stop = result.stop else { return lines }
        let place = stop.step == 0 ? "while opening the declared sessions" : "in step \(stop.step)"
        lines.append("✘ stopped \(place): \(stop.error)")
        // The step it stopped in did not finish: it counts as not run.
        for (offset, step) in result.scenario.steps.enumerated().dropFirst(max(stop.step, 1) - 1) {
            lines.append("✘ step \(offset + 1): \(step.action) (not run)")
        }
        return lines
    }

    /// `N passed, N failed`, counting the steps of every run; steps that did not run failed.
    /// - Parameter results: the runs.
    /// - Returns: the summary line.
    public static func summary(of results: [ScenarioResult]) -> String {
        let passed = results.reduce(0) { $0 + $1.passedCount }
        let failed = results.reduce(0) { $0 + $1.failedCount }
        return "\(passed) passed, \(failed) failed"
    }

    /// `rows` in two columns under an `expected │ actual` heading, indented under the step
    /// line; a row that differs starts with `≠`.
    /// - Parameter rows: a step's comparison.
    /// - Returns: the lines.
    public static func comparison(_ rows: [ScenarioComparisonRow]) -> [String] {
        let heading = ScenarioComparisonRow(expected: "expected", actual: "actual", matches: true)
        let width = ([heading] + rows).map(\.expected.count).max() ?? 0
        return ([heading] + rows).map { row in
            let padding = String(repeating: " ", count: width - row.expected.count)
            let line = "  \(row.matches ? " " : "≠") \(row.expected)\(padding) │ \(row.actual)"
            return row.actual.isEmpty ? String(line.dropLast()) : line
        }
    }
}
