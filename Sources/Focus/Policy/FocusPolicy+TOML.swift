public import TOMLReading

extension FocusPolicy {
    /// The keys a policy file of kind `audioSession` may hold at its top level.
    private static let keys = [
        "name", "kind", "duck_level", "ramp_ms", "music_resumes_after_music", "prompt_hold_s", "launch_window_s",
        "prompt_style", "prompt_rule", "priority", "adopt", "adopt_default",
    ]

    /// The keys a policy file of kind `interactionMatrix` may hold at its top level: the
    /// matrix takes the place of `priority` and `music_resumes_after_music`.
    private static let matrixKeys = [
        "name", "kind", "duck_level", "ramp_ms", "prompt_hold_s", "launch_window_s", "prompt_style", "prompt_rule",
        "roles", "fallback_role", "permanent_interrupters", "matrix", "duck", "role_rule", "adopt", "adopt_default",
    ]

    /// Loads a policy from the text of a policy file (`Config/policies/*.toml`).
    ///
    /// `name` is required. Every other key may be left out and then takes
    /// ``FocusPolicy/default``'s value; a `[[prompt_rule]]`, `[[priority]]` or `[[adopt]]` section, once
    /// given, replaces the default rules of its kind entirely. A policy of kind
    /// `interactionMatrix` also requires `roles`, `fallback_role` and a complete `[matrix]`,
    /// may give `permanent_interrupters`, `[duck]` and `[[role_rule]]`, and has no priority
    /// rules (see ``InteractionMatrix``).
    /// - Parameters:
    ///   - text: the file's contents; the caller reads the file.
    ///   - file: the file's name or path, for errors.
    /// - Throws: ``PolicyError`` naming the file and line of the first problem: a syntax
    ///   error, an unknown key, a value of the wrong type, an unknown kind, category, mode,
    ///   role, prompt style or interaction, a duck level outside 0…1, a negative duration, or
    ///   a matrix with a role not in `roles` or a row or cell missing.
    public init(toml text: String, file: String) throws(PolicyError) {
        let root = try TOMLTableReader(toml: text, file: file)
        let defaults = FocusPolicy.default
        let kind = try root.name("kind", of: "kind") ?? defaults.kind
        try root.requireKnown(kind == .interactionMatrix ? Self.matrixKeys : Self.keys)
        let name = try root.required(try root.string("name"), "name", example: "\"default\"")
        guard !name.isEmpty else { throw root.error("name must not be empty; name the policy", at: "name") }
        let duckLevel = try root.number("duck_level") ?? defaults.duckLevel
        guard (0...1).contains(duckLevel) else {
            throw root.error("duck_level must be between 0 and 1 (a linear gain), not \(duckLevel)", at: "duck_level")
        }
        self.init(
            name: name,
            kind: kind,
            duckLevel: duckLevel,
            rampMilliseconds: try Self.nonNegative(try root.integer("ramp_ms"), "ramp_ms", in: root)
                ?? defaults.rampMilliseconds,
            musicResumesAfterMusic: try root.boolean("music_resumes_after_music") ?? defaults.musicResumesAfterMusic,
            promptHoldSeconds: try Self.nonNegative(try root.number("prompt_hold_s"), "prompt_hold_s", in: root)
                ?? defaults.promptHoldSeconds,
            launchWindowSeconds: try Self.nonNegative(try root.number("launch_window_s"), "launch_window_s", in: root)
                ?? defaults.launchWindowSeconds,
            promptStyleRules: try Self.rules(root.tables("prompt_rule")) { table throws(TOMLFileError) in
                try table.promptStyleRule()
            } ?? defaults.promptStyleRules,
            fallbackPromptStyle: try root.name("prompt_style", of: "prompt style") ?? defaults.fallbackPromptStyle,
            priorityRules: kind == .interactionMatrix
                ? []
                : try Self.rules(root.tables("priority")) { table throws(TOMLFileError) in
                    try table.priorityRule()
                } ?? defaults.priorityRules,
            interactionMatrix: kind == .interactionMatrix ? try root.interactionMatrix() : nil,
            adoptionRules: try Self.rules(root.tables("adopt")) { table throws(TOMLFileError) in
                try table.adoptionRule()
            } ?? defaults.adoptionRules,
            adoptDefault: try root.table("adopt_default").map { table throws(TOMLFileError) in
                try table.adoptDefault()
            } ?? defaults.adoptDefault
        )
    }

    /// `value`, checked to be zero or more.
    private static func nonNegative<Number: Comparable & Numeric>(
        _ value: Number?, _ key: String, in table: TOMLTableReader
    ) throws(TOMLFileError) -> Number? {
        guard let value, value < 0 else { return value }
        throw table.error("\(key) must be zero or more, not \(value)", at: key)
    }

    /// Each of `tables` read by `read`, in file order.
    private static func rules<Rule>(
        _ tables: [TOMLTableReader]?, _ read: (TOMLTableReader) throws(TOMLFileError) -> Rule
    ) throws(TOMLFileError) -> [Rule]? {
        guard let tables else { return nil }
        var rules: [Rule] = []
        for table in tables { rules.append(try read(table)) }
        return rules
    }
}
