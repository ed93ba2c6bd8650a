/// An option one command takes (`--category C`, `--notify-others`).
struct CommandOption: Sendable {
    /// The option as typed, with its dashes: `--category`.
    let name: String
    /// The value's placeholder in help (`C`), or `nil` for a flag.
    let value: String?
    /// Whether it may be given more than once (`--option O`…).
    var repeatable = false
    /// Whether its value may be empty (`--search ""`: resume what played last).
    var acceptsEmpty = false
}
