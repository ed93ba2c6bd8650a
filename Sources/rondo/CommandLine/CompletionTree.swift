/// What a shell may offer at each point of a `rondo` command line, read from the command
/// table: the words that continue a command's name, the choices and files its arguments
/// take, and its options. The completion scripts are written from it, so a command added
/// to the table is completed without further work.
struct CompletionTree {
    /// A point in the command line: the command words typed so far (`[]` at the start,
    /// `["queue"]` after `rondo queue`).
    struct Node {
        /// The command words leading here.
        let path: [String]
        /// The words that continue the name of a longer command, each with what it does.
        let subcommands: [(word: String, summary: String)]
        /// The command these words name, if they name one.
        let command: Command?

        /// The path as one string, words separated by spaces (`""` at the start).
        var key: String { path.joined(separator: " ") }

        /// The values its first argument takes, when the synopsis lists them (`[off|one|all]`).
        var choices: [String] { command.map { ArgumentShape(synopsis: $0.arguments).choices } ?? [] }

        /// Whether its arguments are files (`PATH…`, `FILE`).
        var takesFiles: Bool { command.map { ArgumentShape(synopsis: $0.arguments).takesFiles } ?? false }
    }

    /// Every node, the start first, then in the table's order.
    let nodes: [Node]
    /// Every option, global or a command's, that takes a value: a shell skips the value
    /// when it finds where in the command line it is.
    let optionsTakingValues: [String]
    /// The options among ``optionsTakingValues`` whose value is a file (`--socket PATH`,
    /// `--junit OUT`).
    let optionsTakingFiles: [String]

    /// The tree of `table`.
    init(_ table: [Command]) {
        var paths: [[String]] = [[]]
        for command in table {
            for length in 1...command.name.count where !paths.contains(Array(command.name.prefix(length))) {
                paths.append(Array(command.name.prefix(length)))
            }
        }
        nodes = paths.map { path in
            var subcommands: [(word: String, summary: String)] = []
            for command in table where command.name.count > path.count && command.name.starts(with: path) {
                let word = command.name[path.count]
                guard !subcommands.contains(where: { $0.word == word }) else { continue }
                let named = table.first { $0.name == path + [word] }
                subcommands.append((word, named?.summary ?? "\(word) commands"))
            }
            return Node(path: path, subcommands: subcommands, command: table.first { $0.name == path })
        }
        var valued: [(name: String, value: String)] = GlobalOption.all.compactMap { option in
            option.value.map { (option.name, $0) }
        }
        for option in table.flatMap(\.options) where !valued.contains(where: { $0.name == option.name }) {
            if let value = option.value { valued.append((option.name, value)) }
        }
        optionsTakingValues = valued.map(\.name)
        optionsTakingFiles = valued.filter { ArgumentShape.fileWords.contains($0.value) }.map(\.name)
    }
}

/// What a command's synopsis (``Command/arguments``) says about its arguments.
struct ArgumentShape {
    /// The values of the first argument when the synopsis lists them: `[off|one|all]` gives
    /// `off`, `one`, `all`. Words that are not plain lower-case names (`[+|-]SECONDS`) are
    /// not choices.
    let choices: [String]
    /// Whether an argument names a file or directory (`PATH`, `FILE`, `DIR`).
    let takesFiles: Bool

    /// Placeholders that stand for a file or directory.
    static let fileWords = ["PATH", "FILE", "DIR", "OUT"]

    /// The shape of the arguments `synopsis` describes.
    init(synopsis: String) {
        let first = synopsis.split(separator: " ").first { !$0.hasPrefix("--") && !$0.hasPrefix("[--") }
        let inner = first.map { $0.trimmingCharacters(in: "[]") } ?? ""
        let alternatives = inner.split(separator: "|").map(String.init)
        let isName = { (word: String) in !word.isEmpty && word.allSatisfy { $0.isLowercase || $0 == "-" } }
        choices = alternatives.count > 1 && alternatives.allSatisfy(isName) ? alternatives : []
        takesFiles = synopsis.split(separator: " ").contains { word in
            Self.fileWords.contains(word.trimmingCharacters(in: "[]…"))
        }
    }
}

extension Substring {
    /// The text without the given characters at either end.
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
