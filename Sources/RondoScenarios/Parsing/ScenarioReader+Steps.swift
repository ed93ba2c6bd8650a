import Focus
import TOMLReading

extension ScenarioReader {
    private static let stepKeys = ["do", "expect", "events"]

    /// One `[[step]]` table; an `open` makes its session known from this step on.
    mutating func step(_ table: TOMLTableReader) throws(TOMLFileError) -> ScenarioStep {
        try table.requireKnown(Self.stepKeys)
        let text = try table.required(try table.string("do"), "do", example: "\"activate music\"")
        let action: ScenarioAction
        do throws(ScenarioProblem) {
            action = try ScenarioAction(parsing: text, known: known)
        } catch {
            throw self.error(error, in: table, at: "do")
        }
        if case .open(let name, _) = action, !known.contains(name) { known.append(name) }
        var expectations = ScenarioExpectations()
        if let expect = try table.table("expect") { expectations = try self.expectations(expect) }
        return ScenarioStep(
            action: action, expectations: expectations, events: try events(table),
            line: root.source.lines.line(of: table.path + ["do"]))
    }

    /// The `events` list of a step, if given.
    private func events(_ table: TOMLTableReader) throws(TOMLFileError) -> [ScenarioEvent]? {
        guard let value = table.entries["events"] else { return nil }
        let expected = "a list of strings, such as [\"music gain 0.3\"]"
        guard case .array(let elements) = value else { throw table.mistyped("events", expected, value) }
        let start = root.source.lines.line(of: table.path + ["events"])
        var events: [ScenarioEvent] = []
        for element in elements {
            guard case .string(let text) = element else { throw table.mistyped("events", expected, element) }
            do throws(ScenarioProblem) {
                events.append(try ScenarioEvent(parsing: text, known: known))
            } catch {
                throw TOMLFileError(
                    file: root.source.file, line: line(ofElement: text, from: start), message: error.message)
            }
        }
        return events
    }
}
