import Focus
import TOMLReading

extension SessionRequest {
    /// Adds one word of an `open` or `configure` action after the category: a mode, an
    /// option, or `role=ROLE`.
    /// - Parameters:
    ///   - word: the word.
    ///   - allowsRole: whether `role=ROLE` may be given (not for `configure`).
    /// - Throws: a problem for an unknown word, a second mode or role, or a repeated option.
    mutating func add(_ word: String, allowsRole: Bool) throws(ScenarioProblem) {
        if let mode = SessionMode(rawValue: word) {
            if let given = self.mode {
                throw ScenarioProblem("two modes, \"\(given.rawValue)\" and \"\(word)\"; give at most one")
            }
            self.mode = mode
        } else if let option = SessionOption(rawValue: word) {
            guard !options.contains(option) else {
                throw ScenarioProblem("option \"\(word)\" is given twice; give it once")
            }
            options.append(option)
        } else if word.hasPrefix("role=") {
            guard allowsRole else {
                throw ScenarioProblem(
                    "configure cannot change a session's role; leave out \"\(word)\", "
                        + "or give the role where the session is declared or opened")
            }
            guard role == nil else { throw ScenarioProblem("\"\(word)\" is a second role; give at most one") }
            role = try ScenarioAction.named(String(word.dropFirst("role=".count)), noun: "role")
        } else {
            let modes = SessionMode.allCases.map(\.rawValue).listed(joinedBy: "or")
            let options = SessionOption.allCases.map(\.rawValue).listed(joinedBy: "or")
            let choices = ["a mode (\(modes))", "an option (\(options))"] + (allowsRole ? ["role=ROLE"] : [])
            throw ScenarioProblem("unknown mode or option \"\(word)\"; use \(choices.listed(joinedBy: "or"))")
        }
    }
}
