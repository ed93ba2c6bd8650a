/// An option every `rondo` command takes, as the completion scripts and the manual list it.
struct GlobalOption {
    /// The long name with its dashes: `--socket`.
    let name: String
    /// The one-letter form with its dash (`-h`), if any.
    var shortName: String?
    /// The value's placeholder (`PATH`), or `nil` for a flag.
    let value: String?
    /// What it does.
    let summary: String

    /// The options ``Invocation`` reads, as `rondo --help` describes them.
    static let all = [
        GlobalOption(name: "--json", value: nil, summary: "Print the daemon's raw JSON result instead of human output."),
        GlobalOption(
            name: "--socket", value: "PATH",
            summary: "The daemon's socket (default: $RONDO_SOCKET, else $XDG_RUNTIME_DIR/rondo/rondo.sock)."),
        GlobalOption(
            name: "--help", shortName: "-h", value: nil,
            summary: "Show this help, or a command's with 'rondo COMMAND --help'."),
    ]
}
