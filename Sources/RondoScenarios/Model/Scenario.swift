import Focus

/// A focus scenario (SPEC §8): sessions under a named policy, driven step by step, with what
/// must follow each step.
///
/// Load one from a file's text with ``init(toml:file:)``; run it with ``ScenarioRunner`` on a
/// ``ScenarioDriver``.
public struct Scenario: Equatable, Sendable {
    /// What the scenario proves, in a sentence.
    public var name: String
    /// The file it was read from, as the caller named it.
    public var file: String
    /// The name of the policy it runs under (`default`, `automotive`).
    public var policy: String
    /// The sessions opened, inactive, before the first step, in file order.
    public var sessions: [ScenarioSession]
    /// The steps, in order.
    public var steps: [ScenarioStep]

    /// A scenario from its parts.
    /// - Parameters:
    ///   - name: what it proves.
    ///   - file: the file it was read from.
    ///   - policy: the policy it runs under.
    ///   - sessions: the sessions opened before the first step.
    ///   - steps: the steps.
    public init(
        name: String, file: String, policy: String = "default", sessions: [ScenarioSession], steps: [ScenarioStep]
    ) {
        self.name = name
        self.file = file
        self.policy = policy
        self.sessions = sessions
        self.steps = steps
    }

    /// The programs its `spawn` steps start, in step order. A scenario with any runs on the
    /// daemon only with `--live`: the daemon adopts other programs' streams on its live
    /// arbiter alone, never in a sandbox.
    public var programs: [ScenarioProgram] {
        steps.compactMap { step in
            guard case .spawn(let program) = step.action else { return nil }
            return program
        }
    }
}
