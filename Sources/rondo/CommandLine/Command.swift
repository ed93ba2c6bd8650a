/// One `rondo` command: the words that name it, what it takes, and what it does.
struct Command: Sendable {
    /// The words naming it, e.g. `["queue", "add"]`.
    let name: [String]
    /// Its arguments as shown in help, e.g. `PATH…`.
    let arguments: String
    /// One line saying what it does.
    let summary: String
    /// The options it takes besides the global ones.
    var options: [CommandOption] = []
    /// Whether the words after `--` are a command line it runs (`session exec`), not more
    /// arguments.
    var runsTrailingCommand = false
    /// Runs it with the words after its name.
    let run: @Sendable (GlobalOptions, Arguments) throws(CLIFailure) -> Void

    /// The command as typed: `queue add PATH…`.
    var synopsis: String { (name + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ") }

    /// The command named by the longest prefix of `words` in `table`, with the words left.
    static func find(_ words: [String], in table: [Command]) -> (command: Command, rest: [String])? {
        let matches = table.filter { words.starts(with: $0.name) }
        guard let best = matches.max(by: { $0.name.count < $1.name.count }) else { return nil }
        return (best, Array(words.dropFirst(best.name.count)))
    }
}
