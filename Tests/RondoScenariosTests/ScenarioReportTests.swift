import Focus
import RondoScenarios
import Testing

@Suite struct ScenarioReportTests {
    private static func result(_ text: String, file: String = "a.toml") throws -> ScenarioResult {
        var driver = CheckedDriver()
        return ScenarioRunner(try Scenario(toml: text, file: file)).run(on: &driver)
    }

    private static let passing = """
        name = "Passes"
        [sessions]
        music = { category = "playback" }
        [[step]]
        do = "activate music"
        expect = { music = "active" }
        [[step]]
        do = "deactivate music notify-others"
        """

    private static let failing = """
        name = "Fails"
        [sessions]
        music = { category = "playback" }
        [[step]]
        do = "activate music"
        expect = { music = "ducked" }
        """

    /// A passing run is its header and one ✔ line per step.
    @Test func passingRun() throws {
        #expect(
            ScenarioReport.lines(for: try Self.result(Self.passing)) == [
                "a.toml: Passes", "✔ step 1: activate music", "✔ step 2: deactivate music notify-others",
            ])
    }

    /// The summary counts the steps of every run.
    @Test func summaryCountsSteps() throws {
        let results = [try Self.result(Self.passing), try Self.result(Self.failing, file: "b.toml")]
        #expect(ScenarioReport.summary(of: results) == "2 passed, 1 failed")
        #expect(ScenarioReport.summary(of: []) == "0 passed, 0 failed")
    }

    /// The comparison pads the expected column to its widest entry and marks differing rows.
    @Test func comparisonColumns() {
        let rows = [
            ScenarioComparisonRow(expected: "music = active", actual: "music = active", matches: true),
            ScenarioComparisonRow(expected: "", actual: "music gain 0.3", matches: false),
            ScenarioComparisonRow(expected: "nav advisory", actual: "", matches: false),
        ]
        #expect(
            ScenarioReport.comparison(rows) == [
                "    expected       │ actual",
                "    music = active │ music = active",
                "  ≠                │ music gain 0.3",
                "  ≠ nav advisory   │",
            ])
    }
}
