/// The words after a command's name, with the checks every command needs.
struct Arguments: Sendable {
    /// The positional words, in order (the words after `--` included, except for a command
    /// that runs them as a command line).
    let words: [String]
    /// The values of the command's own options by name; a flag given has one empty value.
    let options: [String: [String]]
    /// The words after `--`, or `nil` when there was none.
    let trailing: [String]?
    /// The command's synopsis, for usage messages.
    let synopsis: String

    /// Sorts `words` into positional words and the options `command` declares.
    /// - Throws: a usage failure for an option the command does not take, a missing value
    ///   or an option given twice that may appear once.
    init(_ words: [String], trailing: [String]?, for command: Command) throws(CLIFailure) {
        synopsis = command.synopsis
        var positional: [String] = []
        var options: [String: [String]] = [:]
        var remaining = words[...]
        while let word = remaining.popFirst() {
            guard Invocation.isOption(word) else {
                positional.append(word)
                continue
            }
            let (name, inline) = Self.split(word)
            guard let option = command.options.first(where: { $0.name == name }) else {
                throw .usage("unknown option '\(name)'; see 'rondo \(command.name.joined(separator: " ")) --help'")
            }
            guard option.repeatable || options[name] == nil else {
                throw .usage("\(name) given twice\nusage: rondo \(command.synopsis)")
            }
            var value = ""
            if let placeholder = option.value {
                guard let given = inline ?? remaining.popFirst(), option.acceptsEmpty || !given.isEmpty else {
                    throw .usage("\(name) needs a value (\(placeholder))\nusage: rondo \(command.synopsis)")
                }
                value = given
            } else if inline != nil {
                throw .usage("\(name) takes no value\nusage: rondo \(command.synopsis)")
            }
            options[name, default: []].append(value)
        }
        self.words = command.runsTrailingCommand ? positional : positional + (trailing ?? [])
        self.options = options
        self.trailing = trailing
    }

    private static func split(_ word: String) -> (name: String, value: String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// Whether no word was given.
    var isEmpty: Bool { words.isEmpty }
    /// How many words were given.
    var count: Int { words.count }
    /// The word at `position`.
    subscript(position: Int) -> String { words[position] }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool { options[name] != nil }
    /// The value of the option `name`, if given.
    func value(_ name: String) -> String? { options[name]?.last }
    /// Every value of the repeatable option `name`, in order.
    func values(_ name: String) -> [String] { options[name] ?? [] }

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
