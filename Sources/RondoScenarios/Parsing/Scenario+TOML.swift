import Focus
public import TOMLReading

extension Scenario {
    /// Loads a scenario from the text of a scenario file (`Tests/Scenarios/*.toml`, SPEC §8).
    ///
    /// `name` and at least one `[[step]]` are required; `policy` defaults to `default`.
    /// `[sessions]` maps names to `{ category, mode, options, role, autoResume }`. Each step
    /// has `do` (an action), or `spawn` (a program's command, with its `id`, and optionally
    /// its `properties` and `tone`: ``ScenarioProgram``), and optionally `expect` (session
    /// states, `promptStyle`, `error`, `gain.NAME`) and `events` (the exact list of
    /// ``ScenarioEvent`` lines). A step may name only sessions declared or opened by `open`
    /// in it or an earlier step and programs spawned by an earlier step; `stop`, `kill`,
    /// `pause` and `play` take only a program no step ended, and the session actions no
    /// program.
    /// - Parameters:
    ///   - text: the file's contents; the caller reads the file.
    ///   - file: the file's name or path, for errors and reports.
    /// - Throws: ``ScenarioError`` naming the file and line of the first problem: a syntax
    ///   error, an unknown key, action, session, state or event, a value of the wrong type, a
    ///   missing `name`, `do`, `id` or step, an empty command, an id already in use, or a
    ///   declared session whose options its category refuses.
    public init(toml text: String, file: String) throws(ScenarioError) {
        var reader = try ScenarioReader(text: text, file: file)
        self = try reader.scenario()
    }
}
