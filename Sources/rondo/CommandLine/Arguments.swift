/// The words after a command's name, with the checks every command needs.
struct Arguments: Sendable {
    /// The words, in order.
    let words: [String]
    /// The command's synopsis, for usage messages.
    let synopsis: String

    /// Whether no word was given.
    var isEmpty: Bool { words.isEmpty }
    /// How many words were given.
    var count: Int { words.count }
    /// The word at `position`.
    subscript(position: Int) -> String { words[position] }

    /// The usage failure for wrong arguments to this command.
    func usage(_ problem: String) -> CLIFailure {
        .usage("\(problem)\nusage: rondo \(synopsis)")
    }

    /// Fails unless exactly `expected` words were given.
    func expect(_ expected: Int) throws(CLIFailure) {
        guard words.count == expected else {
            let what = expected == 0 ? "no arguments" : "\(expected) argument\(expected == 1 ? "" : "s")"
            throw usage("expected \(what), got \(words.count)")
        }
    }

    /// The word at `position` as a queue index.
    func index(_ position: Int) throws(CLIFailure) -> Int {
        guard let value = Int(words[position]), value >= 0 else {
            throw usage("'\(words[position])' is not a queue index (0, 1, 2, …)")
        }
        return value
    }
}

extension Arguments {
    /// The only word as one of `Choice`'s raw values, or `nil` when no word was given.
    func optionalChoice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(CLIFailure) -> Choice?
    where Choice.RawValue == String {
        guard words.count <= 1 else { throw usage("expected at most one argument, got \(words.count)") }
        guard let word = words.first else { return nil }
        guard let choice = Choice(rawValue: word) else {
            throw usage("'\(word)' is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }
}
