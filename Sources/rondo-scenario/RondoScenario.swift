import Glibc
import RondoProtocol
import RondoScenarios

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `rondo-scenario`: runs focus scenario files on the daemon; `rondo scenario run` hands its
/// arguments here, so that the TOML parser and the scenario runner stay out of the process
/// that answers `rondo status`.
///
/// `rondo-scenario [--socket PATH] FILE… [--junit OUT] [--audio] [--live]`. Exit status as
/// `rondo`'s: 0 every expectation held, 1 one failed or a file could not be read, 2 a usage
/// error (a scenario that spawns programs without `--live` is one, found before any file
/// runs), 3 the daemon is unreachable.
@main
enum RondoScenario {
    static func main() {
        var socketPath =
            ProcessInfo.processInfo.environment["RONDO_SOCKET"]
            ?? SocketLocation.defaultPath(environment: ProcessInfo.processInfo.environment, uid: getuid())
        var junit: String?
        var audio = false
        var live = false
        var files: [String] = []
        var arguments = CommandLine.arguments.dropFirst()[...]
        while let argument = arguments.popFirst() {
            switch argument {
            case "--socket", "--junit":
                guard let value = arguments.popFirst() else { fail("\(argument) needs a value", status: 2) }
                if argument == "--socket" { socketPath = value } else { junit = value }
            case "--audio": audio = true
            case "--live": live = true
            case "--":
                files += arguments
                arguments = []
            default:
                if argument.hasPrefix("-") { fail("unknown option '\(argument)'", status: 2) }
                files.append(argument)
            }
        }
        guard !files.isEmpty else { fail("give one or more scenario files", status: 2) }
        let loaded = files.map(ScenarioFiles.load)
        if !live {
            for case .success(let scenario) in loaded {
                if let message = ScenarioFiles.needsLive(scenario) { fail(message, status: 2) }
            }
        }
        var results: [ScenarioResult] = []
        var broken: [String] = []
        for scenario in loaded {
            let outcome: ScenarioFiles.Outcome
            switch scenario {
            case .success(let scenario): outcome = ScenarioFiles.run(scenario, socketPath: socketPath, live: live, audio: audio)
            case .failure(let error): outcome = .invalid(error.message)
            }
            switch outcome {
            case .ran(let result, let report):
                results.append(result)
                for line in report { print(line) }
            case .invalid(let message):
                broken.append(message)
                print("✘ \(message)")
            case .unreachable(let message):
                fail(message, status: 3)
            }
        }
        print(ScenarioReport.summary(of: results) + (broken.isEmpty ? "" : " (\(broken.count) files could not be read)"))
        if let junit {
            do {
                try Data(JUnitReport.xml(for: results).utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                fail("cannot write the JUnit report to \(junit): \(error)", status: 1)
            }
        }
        exit(!broken.isEmpty || results.contains(where: { !$0.passed }) ? 1 : 0)
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        let line = "rondo: \(message)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(status)
    }
}
