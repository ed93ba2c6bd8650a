/// The help text of `rondo`, made from the command table.
enum Help {
    /// What `rondo --help` prints.
    static func overview(of table: [Command]) -> String {
        let width = table.map(\.synopsis.count).max() ?? 0
        let commands = table.map { "  " + pad($0.synopsis, to: width) + "  " + $0.summary }
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

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: width - text.count)
    }
}
