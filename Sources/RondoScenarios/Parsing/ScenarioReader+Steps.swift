import Focus
import TOMLReading

extension ScenarioReader {
    private static let stepKeys = ["do", "expect", "events"]
    /// The keys that only a `spawn` step has.
    static let spawnOnlyKeys = ["spawn", "id", "properties", "tone"]

    /// One `[[step]]` table; an `open` or a `spawn` makes its session known from this step
    /// on, and a `stop` or `kill` ends its program.
    mutating func step(_ table: TOMLTableReader) throws(TOMLFileError) -> ScenarioStep {
        let action: ScenarioAction
        let key: String
        if table.entries["spawn"] != nil {
            key = "spawn"
            if table.entries["do"] != nil {
                throw table.error(
                    "a step either does an action (do) or starts a program (spawn); split it into two steps", at: "do")
            }
            try table.requireKnown(Self.spawnOnlyKeys + ["expect", "events"])
            let program = try self.program(table)
            action = .spawn(program)
            programs.append(program)
            known.append(program.id)
        } else {
            key = "do"
            if let stray = Self.spawnOnlyKeys.first(where: { table.entries[$0] != nil }) {
                throw table.error(
                    "\(stray) belongs to a spawn step; add spawn = [\"paplay\", \"-\"] or leave \(stray) out", at: stray)
            }
            try table.requireKnown(Self.stepKeys)
            let text = try table.required(try table.string("do"), "do", example: "\"activate music\"")
            do throws(ScenarioProblem) {
                action = try ScenarioAction(parsing: text, known: known, programs: programs, ended: ended)
            } catch {
                throw self.error(error, in: table, at: "do")
            }
        }
        switch action {
        case .open(let name, _) where !known.contains(name): known.append(name)
        case .stop(let id), .kill(let id): ended.insert(id)
        default: break
        }
        var expectations = ScenarioExpectations()
        if let expect = try table.table("expect") { expectations = try self.expectations(expect) }
        return ScenarioStep(
            action: action, expectations: expectations, events: try events(table),
            line: root.source.lines.line(of: table.path + [key]))
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
