import Glibc

/// `rondo`: controls the Rondo daemon over its Unix socket.
///
/// The command line is parsed by hand, not by a reflection-based parser, so the statically
/// linked binary starts in a few milliseconds. Exit status (SPEC §7): 0 success, 1 domain
/// error, 2 usage error, 3 daemon unreachable.
@main
enum Rondo {
    /// Every command, in the order help lists them.
    static let commands: [Command] =
        Command.status + Command.browsing + Command.transport + Command.modes + Command.output + Command.queue + Command.remoteCenter
        + [Command.chapter] + Command.library + Command.radio + Command.podcast + Command.sessions + [Command.scenario, Command.watch, Command.view]

    static func main() {
        do throws(CLIFailure) {
            let invocation = try Invocation(Array(CommandLine.arguments.dropFirst()))
            if let document = invocation.generate {
                print(document.text(for: commands), terminator: "")
                exit(0)
            }
            var words = invocation.words
            var wantsHelp = invocation.wantsHelp
            if words.first == "help" {
                words.removeFirst()
                wantsHelp = true
            }
            guard !words.isEmpty else {
                print(Help.overview(of: commands), terminator: "")
                exit(0)
            }
            if Invocation.isOption(words[0]) {
                throw .usage("unknown option '\(words[0])'; see 'rondo --help'")
            }
            guard let (command, rest) = Command.find(words, in: commands) else {
                throw .usage("unknown command '\(words[0])'; see 'rondo --help'")
            }
            if wantsHelp {
                print(Help.usage(of: command), terminator: "")
                exit(0)
            }
            try command.run(invocation.global, try Arguments(rest, trailing: invocation.trailing, for: command))
        } catch {
            error.exit()
        }
    }
}
