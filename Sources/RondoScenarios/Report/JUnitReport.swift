import Focus

/// JUnit XML for scenario runs, as `rondo scenario run --junit` writes it: what CI servers
/// (Jenkins, GitLab, GitHub test reporters) read.
///
/// One `<testsuite>` holds one `<testcase>` per scenario: `name` is the scenario's name,
/// `classname` is `scenarios.` and its file's base name. A scenario whose steps failed has a
/// `<failure>` whose text is its report (``ScenarioReport/lines(for:)``, comparisons
/// included); one that stopped early has an `<error>` instead. Attributes follow the common
/// JUnit schema (Jenkins' `junit-10.xsd`); times are left out, since the runs are timed by
/// their caller, if at all.
public enum JUnitReport {
    /// The XML document for `results`.
    /// - Parameters:
    ///   - results: the scenario runs, in the order to list them.
    ///   - suite: the test suite's name.
    /// - Returns: the document, ending with a line end.
    public static func xml(for results: [ScenarioResult], suite: String = "focus scenarios") -> String {
        let failures = results.filter { $0.stop == nil && !$0.passed }.count
        let errors = results.filter { $0.stop != nil }.count
        let suiteAttributes = [
            ("name", suite), ("tests", "\(results.count)"), ("failures", "\(failures)"), ("errors", "\(errors)"),
            ("skipped", "0"),
        ]
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, tag("testsuite", suiteAttributes) + ">"]
        for result in results { lines += testcase(result) }
        lines.append("</testsuite>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testcase(_ result: ScenarioResult) -> [String] {
        let scenario = result.scenario
        let open = "  " + tag("testcase", [("name", scenario.name), ("classname", classname(scenario.file))])
        guard !result.passed else { return [open + "/>"] }
        let element = result.stop == nil ? "failure" : "error"
        let message =
            result.stop.map { "stopped in step \($0.step): \($0.error)" }
            ?? "\(result.failedCount) of \(scenario.steps.count) steps failed"
        let type = result.stop?.error.code ?? "expectation"
        let report = ScenarioReport.lines(for: result).joined(separator: "\n")
        return [
            open + ">",
            "    " + tag(element, [("message", message), ("type", type)]) + ">\(report.xmlTextEscaped)</\(element)>",
            "  </testcase>",
        ]
    }

    /// An opening tag without its closing `>`: `<name a="1" b="2"`, values escaped.
    private static func tag(_ name: String, _ attributes: [(String, String)]) -> String {
        "<\(name)" + attributes.map { " \($0.0)=\"\($0.1.xmlAttributeEscaped)\"" }.joined()
    }

    /// `scenarios.` and the base name of `file`, without directories or `.toml`.
    private static func classname(_ file: String) -> String {
        var base = Substring(file.split(separator: "/").last ?? "")
        if base.hasSuffix(".toml") { base = base.dropLast(".toml".count) }
        return "scenarios." + base
    }
}
