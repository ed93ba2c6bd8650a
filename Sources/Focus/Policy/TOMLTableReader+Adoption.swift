import TOMLReading

extension TOMLTableReader {
    /// The keys of the session an `[[adopt]]` rule or `[adopt_default]` makes.
    private static let sessionKeys = ["category", "mode", "options", "role", "control"]

    /// The `[[adopt]]` table this is: `when = { role = ["phone", "Communication"] }`,
    /// `stream = "capture"`, and the session it makes.
    func adoptionRule() throws(TOMLFileError) -> AdoptionRule {
        try requireKnown(["when", "stream"] + Self.sessionKeys)
        let (configuration, control) = try adoptedSession()
        return AdoptionRule(
            match: try adoptionMatch("when"),
            direction: try name("stream", of: "stream direction") ?? .playback,
            configuration: configuration, control: control)
    }

    /// The `[adopt_default]` table this is: the session an unmatched playing stream makes.
    func adoptDefault() throws(TOMLFileError) -> AdoptionRule {
        try requireKnown(Self.sessionKeys)
        let (configuration, control) = try adoptedSession()
        return AdoptionRule(match: AdoptionRule.Match(), configuration: configuration, control: control)
    }

    /// The conditions in the inline table at `key`: `role` (one name or a list, any case),
    /// `application`, `binary` and `media` (a shell glob or a list of them).
    private func adoptionMatch(_ key: String) throws(TOMLFileError) -> AdoptionRule.Match {
        let table = try required(try table(key), key, example: "{ role = \"navigation\" }")
        try table.requireKnown(["role", "application", "binary", "media"])
        let match = AdoptionRule.Match(
            roles: try table.strings("role"),
            application: try table.strings("application").map { Glob(anyOf: $0.sorted()) },
            binary: try table.strings("binary").map { Glob(anyOf: $0.sorted()) },
            media: try table.strings("media").map { Glob(anyOf: $0.sorted()) })
        guard match.roles != nil || match.application != nil || match.binary != nil || match.media != nil else {
            throw table.error("when must name a role, application, binary or media to match", at: nil)
        }
        return match
    }

    /// The session a rule makes: its category (required), mode, options, role and control.
    private func adoptedSession() throws(TOMLFileError) -> (SessionConfiguration, ForeignControl) {
        let category: SessionCategory = try required(try name("category", of: "category"), "category", example: "\"playback\"")
        let options: Set<SessionOption> = try names("options", of: "option") ?? []
        let mode: SessionMode = try name("mode", of: "mode") ?? .default
        let role: SessionRole? = try name("role", of: "role")
        let control: ForeignControl = try name("control", of: "control") ?? .mpris
        do {
            return (try SessionConfiguration(category: category, mode: mode, options: options, role: role), control)
        } catch {
            throw self.error(error.message, at: "options")
        }
    }

    /// The strings at `key`, one or a list, if given.
    private func strings(_ key: String) throws(TOMLFileError) -> Set<String>? {
        switch entries[key] {
        case nil:
            return nil
        case .string(let text):
            return [text]
        case .array(let elements):
            var values: Set<String> = []
            for element in elements {
                guard case .string(let text) = element else { throw mistyped(key, "a string or a list of them", element) }
                values.insert(text)
            }
            return values
        case let value?:
            throw mistyped(key, "a string or a list of them", value)
        }
    }
}
