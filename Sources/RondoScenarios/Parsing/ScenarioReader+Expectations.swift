import Focus
import TOMLReading

extension ScenarioReader {
    /// A step's `expect` table, session entries in the order the sessions became known.
    func expectations(_ table: TOMLTableReader) throws(TOMLFileError) -> ScenarioExpectations {
        var expectations = ScenarioExpectations()
        for key in table.entries.keys.sorted(by: { order(table, $0) < order(table, $1) }) {
            switch key {
            case "promptStyle":
                expectations.promptStyle = try table.name(key, of: "prompt style")
            case "error":
                expectations.outcome = try outcome(table)
            case "gain":
                expectations.gains += try gains(table)
            case _ where key.hasPrefix("gain."):
                let name = String(key.dropFirst("gain.".count))
                expectations.gains.append(.init(try session(name, in: table, at: key), try gain(table, key)))
            case _ where known.contains(key):
                expectations.states.append(.init(key, try state(table, key)))
            default:
                let sessions = known.isEmpty ? "" : " (\(known.joined(separator: ", ")))"
                throw table.error(
                    "unknown key \"\(key)\" in expect; use a session name\(sessions), promptStyle, error or gain.NAME",
                    at: key)
            }
        }
        expectations.states.sort { rank($0.session) < rank($1.session) }
        expectations.gains.sort { rank($0.session) < rank($1.session) }
        return expectations
    }

    /// Where `name` stands among the known sessions, for ordering.
    private func rank(_ name: String) -> Int { known.firstIndex(of: name) ?? known.count }

    /// The line of `key`, then the key, so that problems are reported from the top.
    private func order(_ table: TOMLTableReader, _ key: String) -> (Int, String) {
        (root.source.lines.line(of: table.path + [key]), key)
    }

    private func state(_ table: TOMLTableReader, _ key: String) throws(TOMLFileError) -> SessionState {
        let text = try table.string(key)
        guard let state = text.flatMap(SessionState.init(rawValue:)) else {
            throw table.error(
                "unknown state \"\(text ?? "")\" for session \"\(key)\"; use inactive, active, ducked or interrupted",
                at: key)
        }
        return state
    }

    private func outcome(_ table: TOMLTableReader) throws(TOMLFileError) -> StepOutcome {
        let code = try table.string("error")
        if code == "none" { return .success }
        guard let code, StepOutcome.codes.contains(code) else {
            throw table.error(
                "unknown error code \"\(code ?? "")\"; use \((["none"] + StepOutcome.codes).listed(joinedBy: "or"))",
                at: "error")
        }
        return .failure(code: code)
    }

    /// The entries of a `gain = { NAME = G }` table, as dotted keys (`gain.music = 0.3`) write it.
    private func gains(_ table: TOMLTableReader) throws(TOMLFileError) -> [ScenarioExpectations.Expected<Double>] {
        guard let gains = try table.table("gain") else { return [] }
        var expected: [ScenarioExpectations.Expected<Double>] = []
        for key in gains.entries.keys.sorted(by: { order(gains, $0) < order(gains, $1) }) {
            expected.append(.init(try session(key, in: gains, at: key), try gain(gains, key, label: "gain.\(key)")))
        }
        return expected
    }

    private func gain(_ table: TOMLTableReader, _ key: String, label: String? = nil) throws(TOMLFileError) -> Double {
        switch table.entries[key] {
        case .integer(let gain): return Double(gain)
        case .float(let gain) where gain.isFinite: return gain
        case let value:
            throw table.error(
                "\(label ?? key) must be a number, such as 0.3, not \(value?.kindDescription ?? "nothing")", at: key)
        }
    }

    /// `name`, checked to be a known session.
    private func session(_ name: String, in table: TOMLTableReader, at key: String) throws(TOMLFileError) -> String {
        guard known.contains(name) else { throw error(.unknownSession(name, known: known), in: table, at: key) }
        return name
    }
}
