import TOMLReading

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and running one scenario file against the daemon.
public enum ScenarioFiles {
    /// What became of one file.
    public enum Outcome {
        /// It ran (passing or not); `report` is what to print about it.
        case ran(ScenarioResult, report: [String])
        /// It could not be read or parsed: `FILE:LINE: message`.
        case invalid(String)
        /// The daemon could not be reached.
        case unreachable(String)
    }

    /// Parses `file` and runs it on a ``RemoteScenarioDriver``; with `audio`, wrapped in an
    /// ``AudibleScenarioDriver`` whose checks join the result.
    public static func run(_ file: String, socketPath: String, live: Bool, audio: Bool) -> Outcome {
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
        } catch  where error.code == ScenarioDriverError.daemonUnreachable {
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
