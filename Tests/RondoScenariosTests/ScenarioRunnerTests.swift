import Focus
import RondoScenarios
import Testing

@Suite struct ScenarioRunnerTests {
    /// The sessions most runner tests declare: a resuming podcast, a prompt that interrupts
    /// spoken audio and ducks, and mixable music.
    private static let sessions = """
        name = "Runner"
        [sessions]
        podcast = { category = "playback", mode = "spokenAudio", autoResume = true }
        nav = { category = "playback", mode = "voicePrompt", options = ["interruptSpokenAudioAndMixWithOthers", "duckOthers"] }
        music = { category = "playback", options = ["mixWithOthers"] }

        """

    private static func run(_ steps: String, policy: FocusPolicy = .default) throws -> ScenarioResult {
        var driver = CheckedDriver(policy: policy)
        return ScenarioRunner(try Scenario(toml: sessions + steps, file: "runner.toml")).run(on: &driver)
    }

    /// A deliberately wrong expectation fails its step, and the report sets expected and
    /// actual side by side with the differing rows marked.
    @Test func wrongExpectationShowsDiff() throws {
        let result = try Self.run(
            """
            [[step]]
            do = "activate podcast"
            [[step]]
            do = "activate music"
            [[step]]
            do = "activate nav"
            expect = { podcast = "ducked", music = "ducked", "gain.music" = 0.5 }
            events = ["music gain 0.3", "podcast interruption began reason=default"]
            [[step]]
            do = "deactivate nav notify-others"
            expect = { podcast = "active", promptStyle = "short" }
            events = ["podcast interruption ended shouldResume=true", "podcast activated"]
            """)
        #expect(!result.passed)
        #expect(result.steps.map(\.passed) == [true, true, false, false])
        #expect(
            ScenarioReport.lines(for: result) == [
                "runner.toml: Runner",
                "✔ step 1: activate podcast",
                "✔ step 2: activate music",
                "✘ step 3: activate nav",
                "    expected                                  │ actual",
                "  ≠ podcast = ducked                          │ podcast = interrupted",
                "    music = ducked                            │ music = ducked",
                "  ≠ gain.music = 0.5                          │ gain.music = 0.3",
                "    events:                                   │ events:",
                "  ≠ music gain 0.3                            │",
                "    podcast interruption began reason=default │ podcast interruption began reason=default",
                "  ≠                                           │ music gain 0.3",
                "✘ step 4: deactivate nav notify-others",
                "    expected                                     │ actual",
                "    podcast = active                             │ podcast = active",
                "  ≠ promptStyle = short                          │ promptStyle = normal",
                "    events:                                      │ events:",
                "    podcast interruption ended shouldResume=true │ podcast interruption ended shouldResume=true",
                "  ≠                                              │ music gain 1",
                "    podcast activated                            │ podcast activated",
            ])
        #expect(ScenarioReport.summary(of: [result]) == "2 passed, 2 failed")
    }

    /// An autoResume session activates again on `shouldResume: true`, listed as
    /// `NAME activated` after all the events of the action and followed by what its
    /// activation caused.
    @Test func autoResumeComesAfterTheActionsEvents() throws {
        let result = try Self.run(
            """
            [[step]]
            do = "configure podcast playback spokenAudio duckOthers"
            [[step]]
            do = "activate music"
            [[step]]
            do = "activate podcast"
            [[step]]
            do = "activate nav"
            [[step]]
            do = "deactivate nav notify-others"
            """)
        #expect(
            result.steps.map(\.observation.events) == [
                [], [], [.gain("music", 0.3)],
                [.interruptionBegan("podcast", reason: .default)],
                [
                    .interruptionEnded("podcast", shouldResume: true), .gain("music", 1), .activated("podcast"),
                    .gain("music", 0.3),
                ],
            ])
        #expect(result.steps.last?.observation.snapshot.state(of: "podcast") == .active)
    }

    /// A session without autoResume stays inactive when its interruption ends.
    @Test func withoutAutoResumeNothingActivates() throws {
        var driver = CheckedDriver()
        let scenario = try Scenario(
            toml: """
                name = "No resume"
                [sessions]
                podcast = { category = "playback", mode = "spokenAudio" }
                nav = { category = "playback", mode = "voicePrompt", options = ["interruptSpokenAudioAndMixWithOthers"] }
                [[step]]
                do = "activate podcast"
                [[step]]
                do = "activate nav"
                [[step]]
                do = "close nav"
                """, file: "x.toml")
        let result = ScenarioRunner(scenario).run(on: &driver)
        #expect(result.steps.last?.observation.events == [.interruptionEnded("podcast", shouldResume: true)])
        #expect(result.steps.last?.observation.snapshot.state(of: "podcast") == .inactive)
    }

    /// A resume the policy refuses is not listed, and leaves the session inactive.
    @Test func refusedResumeIsNotListed() throws {
        let policy = FocusPolicy(
            priorityRules: [
                PriorityRule(
                    name: "chime", holder: SessionPredicate(categories: [.ambient]),
                    blocked: SessionPredicate(categories: [.playback], modes: [.default]))
            ])
        var driver = CheckedDriver(policy: policy)
        let scenario = try Scenario(
            toml: """
                name = "Refused resume"
                [sessions]
                music = { category = "playback", autoResume = true }
                movie = { category = "playback", mode = "moviePlayback" }
                chime = { category = "ambient" }
                [[step]]
                do = "activate music"
                [[step]]
                do = "activate movie"
                [[step]]
                do = "activate chime"
                [[step]]
                do = "deactivate movie notify-others"
                events = ["music interruption ended shouldResume=true"]
                expect = { music = "inactive", error = "none" }
                """, file: "x.toml")
        let result = ScenarioRunner(scenario).run(on: &driver)
        #expect(result.passed, "\(ScenarioReport.lines(for: result).joined(separator: "\n"))")
    }

    /// A step that states no `error` fails when its request is refused.
    @Test func unexpectedErrorFailsTheStep() throws {
        let result = try Self.run(
            """
            [[step]]
            do = "open music playback"
            expect = { music = "inactive" }
            """)
        #expect(result.steps.first?.observation.error?.code == "badParam")
        #expect(
            result.steps.first?.rows == [
                ScenarioComparisonRow(expected: "music = inactive", actual: "music = inactive", matches: true),
                ScenarioComparisonRow(expected: "error = none", actual: "error = badParam", matches: false),
            ])
    }

    /// An expected error that happens passes; the run carries on after a refusal.
    @Test func expectedErrorPasses() throws {
        let result = try Self.run(
            """
            [[step]]
            do = "open music playback"
            expect = { error = "badParam" }
            [[step]]
            do = "activate music"
            expect = { music = "active", error = "none" }
            """)
        #expect(result.passed)
        #expect(result.steps.count == 2)
    }

    /// Gains in events and in `gain.NAME` match within ±0.01 and no further.
    @Test(arguments: [(0.3, true), (0.309, true), (0.291, true), (0.32, false), (0.28, false)])
    func gainTolerance(gain: Double, passes: Bool) throws {
        let result = try Self.run(
            """
            [[step]]
            do = "activate music"
            [[step]]
            do = "activate nav"
            expect = { gain.music = \(gain) }
            events = ["music gain \(gain)"]
            """)
        #expect(result.passed == passes)
    }

    /// One event replaced by another shows on one row; matching events keep their rows.
    @Test func replacedEventSharesARow() throws {
        let result = try Self.run(
            """
            [[step]]
            do = "activate podcast"
            [[step]]
            do = "activate music"
            [[step]]
            do = "activate nav"
            events = ["podcast interruption began reason=default", "music gain 1", "nav advisory"]
            """)
        #expect(
            result.steps.last?.rows.suffix(3) == [
                ScenarioComparisonRow(
                    expected: "podcast interruption began reason=default",
                    actual: "podcast interruption began reason=default", matches: true),
                ScenarioComparisonRow(expected: "music gain 1", actual: "music gain 0.3", matches: false),
                ScenarioComparisonRow(expected: "nav advisory", actual: "", matches: false),
            ])
    }

    /// `events = []` passes only when the step causes nothing, and says so in one row.
    @Test func emptyEventList() throws {
        let result = try Self.run(
            """
            [[step]]
            do = "activate music"
            events = []
            """)
        #expect(
            result.steps.first?.rows == [
                ScenarioComparisonRow(expected: "events: none", actual: "events: none", matches: true)
            ])
    }

    /// A driver that fails outside a step's request stops the run; the steps after it count
    /// as failed and the report lists them as not run.
    @Test func driverFailureStopsTheRun() throws {
        var driver = FailingDriver(failingSnapshot: 2)
        let scenario = try Scenario(
            toml: Self.sessions + "[[step]]\ndo = \"activate music\"\n[[step]]\ndo = \"activate nav\"\n"
                + "[[step]]\ndo = \"route-lost\"", file: "runner.toml")
        let result = ScenarioRunner(scenario).run(on: &driver)
        #expect(result.stop == ScenarioStop(step: 2, error: FailingDriver.error))
        #expect(result.steps.count == 1)
        #expect((result.passedCount, result.failedCount, result.passed) == (1, 2, false))
        #expect(
            ScenarioReport.lines(for: result) == [
                "runner.toml: Runner",
                "✔ step 1: activate music",
                "✘ stopped in step 2: unavailable: the daemon went away; start it again",
                "✘ step 2: activate nav (not run)",
                "✘ step 3: route-lost (not run)",
            ])
    }

    /// A declared session the driver cannot open stops the run before the first step.
    @Test func failedSetupStopsBeforeTheFirstStep() throws {
        var driver = FailingDriver(failingSnapshot: nil, failingOpen: true)
        let scenario = try Scenario(toml: Self.sessions + "[[step]]\ndo = \"activate music\"", file: "runner.toml")
        let result = ScenarioRunner(scenario).run(on: &driver)
        #expect(result.stop == ScenarioStop(step: 0, error: FailingDriver.error))
        #expect(
            ScenarioReport.lines(for: result).suffix(2) == [
                "✘ stopped while opening the declared sessions: unavailable: the daemon went away; start it again",
                "✘ step 1: activate music (not run)",
            ])
    }
}

/// An in-process driver whose transport fails: on the Nth snapshot, or on every open.
private struct FailingDriver: ScenarioDriver {
    static let error = ScenarioDriverError(code: "unavailable", message: "the daemon went away; start it again")

    var inner = InProcessDriver(policy: .default)
    var snapshots = 0
    let failingSnapshot: Int?
    var failingOpen = false

    mutating func open(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        if failingOpen { throw Self.error }
        try inner.open(name, request)
    }

    mutating func configure(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        try inner.configure(name, request)
    }

    mutating func activate(_ name: String) throws(ScenarioDriverError) { try inner.activate(name) }

    mutating func deactivate(_ name: String, notifyOthers: Bool) throws(ScenarioDriverError) {
        try inner.deactivate(name, notifyOthers: notifyOthers)
    }

    mutating func close(_ name: String) throws(ScenarioDriverError) { try inner.close(name) }

    mutating func loseRoute() throws(ScenarioDriverError) { try inner.loseRoute() }

    mutating func restoreRoute() throws(ScenarioDriverError) { try inner.restoreRoute() }

    mutating func wait(_ seconds: Double) throws(ScenarioDriverError) { try inner.wait(seconds) }

    mutating func spawn(_ program: ScenarioProgram) throws(ScenarioDriverError) { try inner.spawn(program) }

    mutating func end(_ id: String, killing: Bool) throws(ScenarioDriverError) { try inner.end(id, killing: killing) }

    mutating func setPaused(_ id: String, _ paused: Bool) throws(ScenarioDriverError) { try inner.setPaused(id, paused) }

    mutating func snapshot() throws(ScenarioDriverError) -> ScenarioSnapshot {
        snapshots += 1
        if snapshots == failingSnapshot { throw Self.error }
        return inner.snapshot()
    }

    mutating func takeEvents() -> [ScenarioEvent] { inner.takeEvents() }
}
