import Focus

/// Runs a scenario on a ``ScenarioDriver`` and compares what happens with what it expects
/// (SPEC §8).
///
/// The declared sessions are opened, inactive, before the first step. Each step's action is
/// carried out; a refusal is the step's error, not a reason to stop. Then the step's events
/// are taken, and every `autoResume` session whose interruption ended with
/// `shouldResume: true` activates again, as the daemon's player does: after all the events
/// of the action, in the order of their `interruption ended`, each listed as
/// `NAME activated` and followed by the events its activation caused. A session resumes at
/// most once per step, so policies that hand focus back and forth cannot loop; a refused
/// resume is not listed and leaves the session inactive. Last the state is read and
/// compared. A spawned program's session is the daemon's: it resumes by itself, in the
/// driver, without an `activated` event. A program that fails
/// (``ScenarioDriverError/programFailed``) stops the run.
public struct ScenarioRunner: Sendable {
    /// The scenario to run.
    public let scenario: Scenario
    /// The sessions that activate again by themselves on `shouldResume: true`.
    private let resumers: Set<String>

    /// A runner for `scenario`.
    /// - Parameter scenario: the scenario to run.
    public init(_ scenario: Scenario) {
        self.scenario = scenario
        resumers = Set(scenario.sessions.filter(\.autoResume).map(\.name))
    }

    /// Runs every step on `driver`, which should hold no sessions yet.
    /// - Parameter driver: the driver, under the scenario's policy.
    /// - Returns: each step's comparison; when the driver fails outside a step's own request,
    ///   the steps up to there and the stop.
    public func run(on driver: inout some ScenarioDriver) -> ScenarioResult {
        var result = ScenarioResult(scenario: scenario, steps: [])
        do {
            for session in scenario.sessions { try driver.open(session.name, session.request) }
            _ = try driver.takeEvents()
        } catch {
            result.stop = ScenarioStop(step: 0, error: error)
            return result
        }
        for (offset, step) in scenario.steps.enumerated() {
            do {
                result.steps.append(try run(step, number: offset + 1, on: &driver))
            } catch {
                result.stop = ScenarioStop(step: offset + 1, error: error)
                break
            }
        }
        return result
    }

    private func run(_ step: ScenarioStep, number: Int, on driver: inout some ScenarioDriver)
        throws(ScenarioDriverError) -> ScenarioStepResult
    {
        var error: ScenarioDriverError?
        do {
            try perform(step.action, on: &driver)
        } catch let refusal where refusal.code != ScenarioDriverError.programFailed {
            error = refusal
        }
        let events = try resume(after: try driver.takeEvents(), on: &driver)
        let observation = ScenarioObservation(snapshot: try driver.snapshot(), error: error, events: events)
        return ScenarioStepResult(
            number: number, step: step, observation: observation, rows: Self.compare(step, with: observation))
    }

    private func perform(_ action: ScenarioAction, on driver: inout some ScenarioDriver) throws(ScenarioDriverError) {
        switch action {
        case .open(let name, let request): try driver.open(name, request)
        case .configure(let name, let request): try driver.configure(name, request)
        case .activate(let name): try driver.activate(name)
        case .deactivate(let name, let notifyOthers): try driver.deactivate(name, notifyOthers: notifyOthers)
        case .close(let name): try driver.close(name)
        case .routeLost: try driver.loseRoute()
        case .routeRestored: try driver.restoreRoute()
        case .wait(let seconds): try driver.wait(seconds)
        case .spawn(let program): try driver.spawn(program)
        case .stop(let id): try driver.end(id, killing: false)
        case .kill(let id): try driver.end(id, killing: true)
        case .pause(let id): try driver.setPaused(id, true)
        case .play(let id): try driver.setPaused(id, false)
        }
    }

    /// `events` with the automatic re-activations they call for, and what those caused.
    private func resume(after events: [ScenarioEvent], on driver: inout some ScenarioDriver)
        throws(ScenarioDriverError) -> [ScenarioEvent]
    {
        var events = events
        var resumed: Set<String> = []
        var index = 0
        while index < events.count {
            if case .interruptionEnded(let name, shouldResume: true) = events[index], resumers.contains(name),
                resumed.insert(name).inserted
            {
                do {
                    try driver.activate(name)
                    events.append(.activated(name))
                } catch {
                    // A refused resume leaves the session inactive, as the player would.
                }
                events += try driver.takeEvents()
            }
            index += 1
        }
        return events
    }
}
