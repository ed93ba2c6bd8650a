import Foundation
import RondoTesting
import Testing

/// The completion scripts and the man page `rondo` writes from its command table: each
/// shell accepts its script, every command of `rondo --help` is in each, and the page
/// renders without a warning.
struct GeneratedDocumentTests {
    /// The commands `rondo --help` lists (its synopses' command words), read from the help
    /// the command table makes, so a new command is checked without changing this test.
    private static let commandWords: [String] = {
        let help = Subprocess.capture([BuiltProducts.rondo, "--help"]).stdout
        let listed = help.components(separatedBy: "Commands:\n").last?.components(separatedBy: "\n\n").first ?? ""
        // A command's line starts two columns in; its wrapped summary continues further in.
        return listed.split(separator: "\n").filter { !$0.hasPrefix("   ") }.map { line in
            line.split(separator: " ").prefix { word in
                !word.hasPrefix("-") && word.allSatisfy { $0.isLowercase || $0 == "-" }
            }
            .joined(separator: " ")
        }
    }()

    /// Writes what `rondo` generates for `arguments` into `directory/name`.
    private func generate(_ arguments: [String], into directory: TemporaryDirectory, as name: String) throws -> String {
        let run = Subprocess.capture([BuiltProducts.rondo] + arguments)
        try #require(run.status == 0, "\(run.stderr)")
        try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: directory.appending(name)))
        return run.stdout
    }

    /// The help lists commands, so the checks below check something.
    @Test func helpListsCommands() {
        #expect(Self.commandWords.count > 20, "\(Self.commandWords)")
        #expect(Self.commandWords.contains("queue add"))
    }

    /// Each shell parses its script (`bash -n`, `zsh -n`, `fish -n`; a shell that is not
    /// installed is skipped), and the script offers every word of every command.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptParsesAndHasEveryCommand(shell: String) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-completion")
        defer { directory.remove() }
        let script = try generate(["--generate-completion-script", shell], into: directory, as: "rondo.\(shell)")
        for command in Self.commandWords {
            for word in command.split(separator: " ") {
                #expect(
                    script.contains("'\(word)'") || script.contains(" \(word) ") || script.contains(" \(word)'"),
                    "the \(shell) script does not offer '\(word)' of '\(command)'")
            }
        }
        let binary = "/usr/bin/" + shell
        guard FileManager.default.isExecutableFile(atPath: binary) else { return }
        let check = Subprocess.capture([binary, "-n", directory.appending("rondo.\(shell)")])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// bash completes a command's subcommands and the choices of its argument.
    @Test func bashCompletesSubcommandsAndChoices() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-completion")
        defer { directory.remove() }
        _ = try generate(["--generate-completion-script", "bash"], into: directory, as: "rondo.bash")
        let probe = """
            . "$0"
            complete_line() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _rondo; echo "${COMPREPLY[*]}"; }
            complete_line rondo queue ''
            complete_line rondo --json shuffle ''
            """
        let run = Subprocess.capture(["/bin/bash", "-c", probe, directory.appending("rondo.bash")])
        #expect(run.stdout == "add clear remove move play\noff items collections\n", "\(run.stdout)\(run.stderr)")
    }

    /// The man page names every command and renders with groff without a warning.
    @Test func manualPageRendersWithoutWarnings() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-manual")
        defer { directory.remove() }
        let page = try generate(["--generate-manual"], into: directory, as: "rondo.1")
        for command in Self.commandWords {
            #expect(page.contains("\\fB\(command.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "\(command) is missing")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let render = Subprocess.capture(["/usr/bin/groff", "-man", "-Tutf8", "-ww", "-z", directory.appending("rondo.1")])
        #expect(render.status == 0)
        #expect(render.stderr.isEmpty, "\(render.stderr)")
    }

    /// The generators stay out of `rondo --help`, and an unknown shell is a usage error.
    @Test func generatorsAreHiddenAndCheckTheShell() {
        #expect(!Subprocess.capture([BuiltProducts.rondo, "--help"]).stdout.contains("generate"))
        let run = Subprocess.capture([BuiltProducts.rondo, "--generate-completion-script", "tcsh"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("needs a shell: bash, zsh, fish"), "\(run.stderr)")
    }
}
