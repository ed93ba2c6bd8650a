import TOMLReading

extension TOMLTableReader {
    /// The predicate in the inline table at `key`: `{ category = "record" }`,
    /// `{ call = true, mixable = false }`, `{ role = ["voiceCommand", "voicemail"] }`.
    func predicate(_ key: String) throws(TOMLFileError) -> SessionPredicate {
        let table = try required(try table(key), key, example: "{ call = true }")
        try table.requireKnown(["category", "mode", "role", "call", "mixable"])
        return SessionPredicate(
            categories: try table.names("category", of: "category"),
            modes: try table.names("mode", of: "mode"),
            roles: try table.names("role", of: "role"),
            isCall: try table.boolean("call"),
            isMixable: try table.boolean("mixable")
        )
    }

    /// The `[[prompt_rule]]` table this is.
    func promptStyleRule() throws(TOMLFileError) -> PromptStyleRule {
        try requireKnown(["when", "style"])
        let style: PromptStyle = try required(try name("style", of: "prompt style"), "style", example: "\"short\"")
        return PromptStyleRule(when: try predicate("when"), style: style)
    }

    /// The `[[priority]]` table this is.
    func priorityRule() throws(TOMLFileError) -> PriorityRule {
        try requireKnown(["class", "when", "blocks"])
        let name = try required(try string("class"), "class", example: "\"call\"")
        guard !name.isEmpty else {
            throw error("class must not be empty; name the sessions, e.g. \"call\"", at: "class")
        }
        return PriorityRule(name: name, holder: try predicate("when"), blocked: try predicate("blocks"))
    }
}
