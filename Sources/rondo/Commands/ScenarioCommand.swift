#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Focus

extension Command {
    /// `scenario run FILE… [--junit OUT] [--audio] [--live]`.
    static let scenario = Command(
        name: ["scenario", "run"], arguments: "FILE… [--junit OUT] [--audio] [--live]",
        summary: "Run focus scenarios on the daemon, each in a sandbox under its policy (or on the real arbiter"
            + " with --live); exit 1 when any expectation fails.",
        options: [
            CommandOption(name: "--junit", value: "OUT"), CommandOption(name: "--audio", value: nil),
            CommandOption(name: "--live", value: nil),
        ]
    ) { global, arguments throws(CLIFailure) in
        guard !arguments.isEmpty else { throw arguments.usage("give one or more scenario files") }
        var results: [ScenarioResult] = []
        var broken: [String] = []
        for file in arguments.words {
            let outcome = ScenarioFiles.run(
                file, socketPath: global.socketPath, live: arguments.flag("--live"), audio: arguments.flag("--audio"))
            switch outcome {
            case .ran(let result, let report):
                results.append(result)
                report.forEach { print($0) }
            case .invalid(let message):
                broken.append(message)
                print("✘ \(message)")
            case .unreachable(let message):
                throw CLIFailure(message: message, status: 3)
            }
        }
        print(ScenarioReport.summary(of: results) + (broken.isEmpty ? "" : " (\(broken.count) files could not be read)"))
        if let junit = arguments.value("--junit") {
            do {
                try Data(JUnitReport.xml(for: results).utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                throw CLIFailure.domain("cannot write the JUnit report to \(junit): \(error)")
            }
        }
        if !broken.isEmpty || results.contains(where: { !$0.passed }) { throw CLIFailure(message: nil, status: 1) }
    }
}

/// Reading and running one scenario file against the daemon.
enum ScenarioFiles {
    /// What became of one file.
    enum Outcome {
        /// It ran (passing or not); `report` is what to print about it.
        case ran(ScenarioResult, report: [String])
        /// It could not be read or parsed: `FILE:LINE: message`.
        case invalid(String)
        /// The daemon could not be reached.
        case unreachable(String)
    }

    /// Parses `file` and runs it on a ``RemoteScenarioDriver``; with `audio`, wrapped in an
    /// ``AudibleScenarioDriver`` whose checks join the result.
    static func run(_ file: String, socketPath: String, live: Bool, audio: Bool) -> Outcome {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            return .invalid("\(file): cannot read it (\(error)); check the path")
        }
        let scenario: Scenario
        do {
            scenario = try Scenario(toml: text, file: file)
        } catch {
            return .invalid(error.description)
        }
        var driver: RemoteScenarioDriver
        var audible: AudibleScenarioDriver?
        do {
            driver = try RemoteScenarioDriver(socketPath: socketPath, policy: scenario.policy, live: live)
            if audio { audible = try AudibleScenarioDriver(driver, socketPath: socketPath) }
        } catch where error.code == "unreachable" {
            return .unreachable(error.message)
        } catch {
            return .invalid("\(file): \(error.message)")
        }
        guard var audible else {
            defer { driver.finish() }
            let result = ScenarioRunner(scenario).run(on: &driver)
            return .ran(result, report: ScenarioReport.lines(for: result))
        }
        defer { audible.finish() }
        let run = ScenarioRunner(scenario).run(on: &audible)
        let result = audible.merged(into: run)
        return .ran(result, report: audible.report(for: result))
    }
}
