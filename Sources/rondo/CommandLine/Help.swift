/// The help text of `rondo`, made from the command table.
enum Help {
    /// What `rondo --help` prints.
    static func overview(of table: [Command]) -> String {
        let commands = table.map(entry)
        return """
            rondo: control the Rondo audio playback daemon.

            Usage: rondo [--json] [--socket PATH] COMMAND [ARGUMENTS]

            Commands:
            \(commands.joined(separator: "\n"))

            Options:
              --json          Print the daemon's raw JSON result instead of human output.
              --socket PATH   The daemon's socket (default: $RONDO_SOCKET, else
                              $XDG_RUNTIME_DIR/rondo/rondo.sock).
              -h, --help      Show this help, or a command's with 'rondo COMMAND --help'.

            Exit status: 0 success, 1 the daemon refused (message on stderr), 2 usage error,
            3 daemon unreachable.

            """
    }

    /// What `rondo COMMAND --help` prints.
    static func usage(of command: Command) -> String {
        let options = command.options.map { option in
            "  " + option.name + (option.value.map { " " + $0 } ?? "") + (option.repeatable ? "…" : "")
        }
        return "usage: rondo \(command.synopsis)\n\n\(command.summary)\n"
            + (options.isEmpty ? "" : "\nOptions:\n" + options.joined(separator: "\n") + "\n")
    }

    /// The width help is written for: a terminal's 80 columns and a little more, never the
    /// width of the longest synopsis.
    static let lineWidth = 100
    /// Where summaries start; a longer synopsis has its summary on the lines below it.
    private static let summaryColumn = 36

    /// One command's lines: its synopsis, then its summary wrapped under the summary column.
    private static func entry(_ command: Command) -> String {
        let synopsis = "  " + command.synopsis
        let indent = String(repeating: " ", count: summaryColumn)
        var lines = wrap(command.summary, width: lineWidth - summaryColumn).map { indent + $0 }
        if synopsis.count + 2 <= summaryColumn {
            lines[0] = synopsis + String(repeating: " ", count: summaryColumn - synopsis.count) + lines[0].dropFirst(summaryColumn)
        } else {
            lines.insert(synopsis, at: 0)
        }
        return lines.joined(separator: "\n")
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word
    /// stands alone on its line).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
