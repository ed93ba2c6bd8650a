import Focus
import TOMLReading

/// What is wrong with one string of a scenario (a `do` action or an `events` line), before
/// the reader knows which line to blame.
struct ScenarioProblem: Error {
    /// What is wrong and what to write instead.
    let message: String

    init(_ message: String) { self.message = message }

    /// The problem of naming a session that no declaration or earlier `open` introduced.
    static func unknownSession(_ name: String, known: [String]) -> ScenarioProblem {
        let listing = known.isEmpty ? "no session is declared or opened yet" : "known: \(known.joined(separator: ", "))"
        return ScenarioProblem(
            "unknown session \"\(name)\"; declare it under [sessions] or open it in an earlier step (\(listing))")
    }
}
