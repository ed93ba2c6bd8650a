import ArgumentParser
import Glibc
import RondoClient

/// `rondo`: controls the Rondo daemon over its Unix socket.
///
/// Exit status (SPEC §7): 0 success, 1 domain error, 2 usage error, 3 daemon unreachable.
@main
struct Rondo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rondo",
        abstract: "Control the Rondo audio playback daemon.",
        discussion: "Exit status: 0 success, 1 the daemon refused (message on stderr), 2 usage error, 3 daemon unreachable.",
        subcommands: [
            Status.self, NowPlaying.self, Play.self, Pause.self, Toggle.self, Stop.self, Next.self,
            Previous.self, Seek.self, Queue.self, Watch.self,
        ])

    /// `--json` and `--socket` before the subcommand (`rondo --socket PATH status`); the
    /// subcommands' own option group of the same name receives them.
    @OptionGroup var global: GlobalOptions

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            failure.exit()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            StandardError.write(fullMessage(for: error))
            Glibc.exit(code == .validationFailure ? CLIFailure.usageStatus : code.rawValue)
        }
    }
}
