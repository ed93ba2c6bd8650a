import Focus
import TOMLReading

extension ScenarioReader {
    private static let sessionKeys = ["category", "mode", "options", "role", "autoResume"]

    /// The `[sessions]` table, in file order; problems are reported from the top.
    func declaredSessions() throws(TOMLFileError) -> [ScenarioSession] {
        guard let sessions = try root.table("sessions") else { return [] }
        let lines = root.source.lines
        var declared: [ScenarioSession] = []
        for (name, value) in sessions.entries.sorted(by: {
            (lines.line(of: sessions.path + [$0.key]), $0.key) < (lines.line(of: sessions.path + [$1.key]), $1.key)
        }) {
            do throws(ScenarioProblem) {
                try SessionName.check(name)
            } catch {
                throw self.error(error, in: sessions, at: name)
            }
            guard case .table(let entries) = value else {
                throw sessions.mistyped(name, "a table, such as { category = \"playback\" }", value)
            }
            let table = TOMLTableReader(
                entries: entries, path: ["sessions", name], place: "in session \"\(name)\"", source: root.source)
            declared.append(try session(name, table))
        }
        return declared
    }

    private func session(_ name: String, _ table: TOMLTableReader) throws(TOMLFileError) -> ScenarioSession {
        try table.requireKnown(Self.sessionKeys)
        let request = SessionRequest(
            category: try table.required(
                try table.name("category", of: "category"), "category", example: "\"playback\""),
            mode: try table.name("mode", of: "mode"),
            options: try options(table),
            role: try table.name("role", of: "role")
        )
        do {
            _ = try request.validated()
        } catch {
            let key = table.entries["options"] == nil ? "category" : "options"
            throw table.error("session \"\(name)\": \(error.message)", at: key)
        }
        return ScenarioSession(
            name: name, request: request, autoResume: try table.boolean("autoResume") ?? false,
            line: root.source.lines.line(of: table.path))
    }

    /// The `options` list, in the order written.
    private func options(_ table: TOMLTableReader) throws(TOMLFileError) -> [SessionOption] {
        guard let value = table.entries["options"] else { return [] }
        let expected = "a list of options, such as [\"duckOthers\"]"
        guard case .array(let elements) = value else { throw table.mistyped("options", expected, value) }
        var options: [SessionOption] = []
        for element in elements {
            guard case .string(let text) = element else { throw table.mistyped("options", expected, element) }
            do throws(ScenarioProblem) {
                let option: SessionOption = try ScenarioAction.named(text, noun: "option")
                guard !options.contains(option) else {
                    throw ScenarioProblem("option \"\(text)\" is given twice; give it once")
                }
                options.append(option)
            } catch {
                throw self.error(error, in: table, at: "options")
            }
        }
        return options
    }
}
