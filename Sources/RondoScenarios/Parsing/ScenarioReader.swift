import Focus
import TOMLReading

/// Reads a scenario document, table by table, keeping the sessions known so far; every error
/// names the line at fault.
struct ScenarioReader {
    private static let keys = ["name", "policy", "sessions", "step"]

    let root: TOMLTableReader
    /// The document's lines, to find the line of an element of a multi-line list.
    let lines: [Substring]
    /// The sessions declared or opened so far, and the programs spawned, in that order.
    var known: [String] = []
    /// The programs spawned so far.
    var programs: [ScenarioProgram] = []
    /// The ids of the spawned programs a `stop` or `kill` ended.
    var ended: Set<String> = []

    init(text: String, file: String) throws(TOMLFileError) {
        root = try TOMLTableReader(toml: text, file: file)
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    mutating func scenario() throws(TOMLFileError) -> Scenario {
        try root.requireKnown(Self.keys)
        let name = try root.required(try root.string("name"), "name", example: "\"Music ducks under a prompt\"")
        guard !name.isEmpty else {
            throw root.error("name must not be empty; say what the scenario proves", at: "name")
        }
        let policy = try root.string("policy") ?? "default"
        guard !policy.isEmpty else {
            throw root.error(
                "policy must not be empty; name a policy file without .toml, e.g. \"default\"", at: "policy")
        }
        let sessions = try declaredSessions()
        known = sessions.map(\.name)
        guard let tables = try root.tables("step"), !tables.isEmpty else {
            throw root.error(
                "a scenario needs at least one [[step]]; add one, e.g. [[step]] with do = \"activate music\"",
                at: "step")
        }
        var steps: [ScenarioStep] = []
        for table in tables { steps.append(try step(table)) }
        return Scenario(name: name, file: root.source.file, policy: policy, sessions: sessions, steps: steps)
    }

    /// The error for `problem` at `key` of `table`.
    func error(_ problem: ScenarioProblem, in table: TOMLTableReader, at key: String) -> TOMLFileError {
        table.error(problem.message, at: key)
    }

    /// The line of the first element written as `"element"` from `start` on, else `start`:
    /// key lines name a list, not the line of each element.
    func line(ofElement element: String, from start: Int) -> Int {
        let quoted = "\"\(element)\""
        let found = stride(from: start, through: lines.count, by: 1).first { lines[$0 - 1].contains(quoted) }
        return found ?? start
    }
}
