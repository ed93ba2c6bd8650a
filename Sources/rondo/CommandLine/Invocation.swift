/// A `rondo` command line split into its global options and its words.
///
/// Global options may stand anywhere before `--`: `rondo --json status` and
/// `rondo status --json` are the same. Other options stay among the words for the command
/// to read (`session exec --category playback`). A word that starts with `-` and then a
/// digit or `.` is a number, not an option, so `rondo seek -5` needs no `--`. Words after
/// `--` are kept apart: `session exec` runs them as a command line.
struct Invocation {
    /// `--json`, `--socket`.
    var global = GlobalOptions()
    /// `-h` / `--help` was given.
    var wantsHelp = false
    /// The command's words, its own options and arguments, before any `--`.
    var words: [String] = []
    /// The words after `--`, or `nil` when there was none.
    var trailing: [String]?
    /// The document asked for with a hidden option (``GeneratedDocument``), if any.
    var generate: GeneratedDocument?

    /// Splits `arguments` (without the program name).
    /// - Throws: a usage failure for `--socket` without a path, or a completion script
    ///   asked for without a known shell.
    init(_ arguments: [String]) throws(CLIFailure) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--":
                trailing = Array(remaining)
                return
            case "--json":
                global.json = true
            case "-h", "--help":
                wantsHelp = true
            case "--socket":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    throw .usage("--socket needs a path")
                }
                global.socket = path
            case _ where argument.hasPrefix("--socket="):
                global.socket = String(argument.dropFirst("--socket=".count))
            case GeneratedDocument.completionOption:
                generate = try GeneratedDocument.completion(named: remaining.popFirst())
            case GeneratedDocument.manualOption:
                generate = .manual
            default:
                words.append(argument)
            }
        }
    }

    /// Whether `argument` is an option (`--name`, `-x`) rather than a word or a number.
    static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        let second = argument.dropFirst().first!
        return !(second.isNumber || second == ".")
    }
}
