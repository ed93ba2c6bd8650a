import Focus
import TOMLReading

/// The rules for a session's name in a scenario: one word that cannot be mistaken for
/// another key of an `expect` table or word of an `events` line.
enum SessionName {
    /// Names that `expect` tables or `events` lines use for something else.
    static let reserved: Set<String> = ["promptStyle", "error", "gain", "route"]

    /// Checks that `name` may name a session.
    /// - Throws: a problem saying which characters to use, or that the name is reserved.
    static func check(_ name: String) throws(ScenarioProblem) {
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
        else {
            throw ScenarioProblem(
                "session name \"\(name)\" must be one word of letters, digits, - or _, such as \"nav\"")
        }
        guard !reserved.contains(name) else {
            throw ScenarioProblem(
                "session name \"\(name)\" is reserved (\(reserved.sorted().joined(separator: ", "))); choose another")
        }
    }
}
