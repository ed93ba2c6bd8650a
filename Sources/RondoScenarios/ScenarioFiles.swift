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

    /// Reads and parses `file`.
    /// - Parameter file: the scenario file's path.
    /// - Returns: the scenario, or `FILE:LINE: message` saying why it cannot be loaded.
    public static func load(_ file: String) -> Result<Scenario, ScenarioLoadError> {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            return .failure(ScenarioLoadError(message: "\(file): cannot read it (\(error)); check the path"))
        }
        do {
            return .success(try Scenario(toml: text, file: file))
        } catch {
            return .failure(ScenarioLoadError(message: error.description))
        }
    }

    /// Why `scenario` cannot run without `--live`, if it cannot: it spawns programs, whose
    /// streams the daemon adopts on its live arbiter only.
    /// - Parameter scenario: a loaded scenario.
    /// - Returns: the message, naming the file and the first spawn step; `nil` when it can.
    public static func needsLive(_ scenario: Scenario) -> String? {
        guard let step = scenario.steps.first(where: { if case .spawn = $0.action { true } else { false } }) else {
            return nil
        }
        return "\(scenario.file):\(step.line): this scenario starts real programs (\(step.action.subject ?? "")), "
            + "whose streams the daemon adopts on its live arbiter only, never in a scenario's sandbox; "
            + "run it with --live (its programs then play on the daemon's audio server, beside what plays there)"
    }

    /// Runs `scenario` on a ``RemoteScenarioDriver``; with `audio`, wrapped in an
    /// ``AudibleScenarioDriver`` whose checks join the result. Every program it spawned is
    /// ended before this returns.
    public static func run(_ scenario: Scenario, socketPath: String, live: Bool, audio: Bool) -> Outcome {
        let file = scenario.file
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
