/// A file `rondo` writes about itself for installation, from its command table: a shell's
/// completion script (`--generate-completion-script bash|zsh|fish`) or its manual page
/// (`--generate-manual`). Neither option appears in `rondo --help`: they are for packagers
/// and `make install`.
enum GeneratedDocument: Equatable {
    /// The completion script for a shell.
    case completion(Shell)
    /// The manual page `rondo(1)` in roff.
    case manual

    /// The shells completion scripts are written for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// The option that asks for a completion script; its value is the shell.
    static let completionOption = "--generate-completion-script"
    /// The option that asks for the manual page.
    static let manualOption = "--generate-manual"

    /// The completion script for the shell named `name`.
    /// - Throws: a usage failure naming the shells there are scripts for.
    static func completion(named name: String?) throws(CLIFailure) -> GeneratedDocument {
        guard let name, let shell = Shell(rawValue: name) else {
            let shells = Shell.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage("\(completionOption) needs a shell: \(shells)")
        }
        return .completion(shell)
    }

    /// The document's text for the commands of `table`.
    func text(for table: [Command]) -> String {
        switch self {
        case .completion(.bash): BashCompletion.script(for: table)
        case .completion(.zsh): ZshCompletion.script(for: table)
        case .completion(.fish): FishCompletion.script(for: table)
        case .manual: ManualPage.page(for: table)
        }
    }
}
