/// A `rondo` command line split into its global options and its words.
///
/// Options may stand anywhere before `--`: `rondo --json status` and `rondo status --json`
/// are the same. A word that starts with `-` and then a digit or `.` is a number, not an
/// option, so `rondo seek -5` needs no `--`.
struct Invocation {
    /// `--json`, `--socket`.
    var global = GlobalOptions()
    /// `-h` / `--help` was given.
    var wantsHelp = false
    /// The command's words and its arguments, options removed.
    var words: [String] = []

    /// Splits `arguments` (without the program name).
    /// - Throws: a usage failure for an unknown option or `--socket` without a path.
    init(_ arguments: [String]) throws(CLIFailure) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--":
                words += remaining
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
            case _ where Self.isOption(argument):
                throw .usage("unknown option '\(argument)'; see 'rondo --help'")
            default:
                words.append(argument)
            }
        }
    }

    private static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        let second = argument.dropFirst().first!
        return !(second.isNumber || second == ".")
    }
}
