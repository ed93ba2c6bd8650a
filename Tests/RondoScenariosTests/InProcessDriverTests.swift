import Focus
import RondoScenarios
import Testing

@Suite struct InProcessDriverTests {
    /// An `open` whose options the category refuses throws badParam and opens nothing.
    @Test func openValidatesTheRequest() {
        var driver = InProcessDriver(policy: .default)
        #expect(throws: ScenarioDriverError(code: "badParam", message: Self.recordMixMessage)) {
            try driver.open("listen", SessionRequest(category: .record, options: [.mixWithOthers]))
        }
        #expect(driver.snapshot().states.isEmpty)
    }

    private static let recordMixMessage =
        "option mixWithOthers cannot be set for category record; drop it or use category ambient, playback or playAndRecord"

    /// Requests on a name that is not open throw noSuchSession.
    @Test func unknownNameIsNoSuchSession() {
        var driver = InProcessDriver(policy: .default)
        #expect(throws: ScenarioDriverError(FocusError.noSuchSession("ghost"))) { try driver.activate("ghost") }
        #expect(throws: ScenarioDriverError(FocusError.noSuchSession("ghost"))) {
            try driver.configure("ghost", SessionRequest(category: .playback))
        }
    }

    /// Events are what the arbiter's effects tell sessions, in order, and are taken once.
    @Test func eventsAreTakenOnce() throws {
        var driver = InProcessDriver(policy: .default)
        try driver.open("music", SessionRequest(category: .playback))
        try driver.open("call", SessionRequest(category: .playAndRecord, mode: .voiceChat))
        try driver.activate("music")
        try driver.activate("call")
        #expect(driver.takeEvents() == [.interruptionBegan("music", reason: .default), .promptStyle(.short)])
        #expect(driver.takeEvents() == [])
        #expect(throws: ScenarioDriverError.self) { try driver.activate("music") }
        #expect(driver.takeEvents() == [])
    }

    /// `wait` advances the manual clock by the seconds given and lets advisories come due.
    @Test func waitAdvancesTheClock() throws {
        var driver = InProcessDriver(policy: FocusPolicy(promptHoldSeconds: 2))
        let start = driver.now
        try driver.open("nav", SessionRequest(category: .playback, mode: .voicePrompt))
        try driver.activate("nav")
        try driver.wait(2)
        #expect(driver.takeEvents() == [])
        try driver.wait(0.25)
        #expect(driver.now == start + 2.25)
        #expect(driver.takeEvents() == [.advisory("nav")])
    }

    /// Sessions activated at the driver's start are not taken for sessions activated at
    /// daemon launch: no idle advisory comes.
    @Test func noLaunchAdvisory() throws {
        var driver = InProcessDriver(policy: .default)
        try driver.open("music", SessionRequest(category: .playback))
        try driver.activate("music")
        try driver.wait(60)
        #expect(driver.takeEvents() == [])
    }

    /// `configure` keeps the session's role, and a configure the category refuses changes nothing.
    @Test func configureKeepsTheRole() throws {
        var driver = InProcessDriver(policy: .default)
        try driver.open("assistant", SessionRequest(category: .playback, role: .voiceCommand))
        try driver.configure("assistant", SessionRequest(category: .playback, mode: .spokenAudio))
        #expect(driver.arbiter.state.session("assistant")?.configuration.role == .voiceCommand)
        #expect(driver.arbiter.state.session("assistant")?.configuration.mode == .spokenAudio)
        #expect(throws: ScenarioDriverError.self) {
            try driver.configure("assistant", SessionRequest(category: .record, options: [.duckOthers]))
        }
        #expect(driver.arbiter.state.session("assistant")?.configuration.category == .playback)
    }

    /// The snapshot holds each open session's state and gain; a closed session reads as
    /// inactive at gain 1.
    @Test func snapshot() throws {
        var driver = InProcessDriver(policy: .default)
        try driver.open("music", SessionRequest(category: .playback))
        try driver.open("nav", SessionRequest(category: .playback, options: [.duckOthers]))
        try driver.activate("music")
        try driver.activate("nav")
        let snapshot = driver.snapshot()
        #expect(snapshot.states == ["music": .ducked, "nav": .active])
        #expect(snapshot.gains == ["music": 0.3, "nav": 1])
        #expect(snapshot.promptStyle == .normal)
        try driver.close("music")
        #expect(driver.snapshot().state(of: "music") == .inactive)
        #expect(driver.snapshot().gain(of: "music") == 1)
    }

    /// Each effect becomes the event its session's owner experiences; a refusal is no event.
    @Test(arguments: [
        (FocusEffect.interrupt("a", reason: .default), ScenarioEvent?.some(.interruptionBegan("a", reason: .default))),
        (.endInterruption("a", shouldResume: false), .interruptionEnded("a", shouldResume: false)),
        (.duck("a", to: 0.25, rampMilliseconds: 50), .gain("a", 0.25)),
        (.unduck("a", rampMilliseconds: 50), .gain("a", 1)),
        (.promptStyleChanged(.none), .promptStyle(.none)),
        (.advisory("a", message: "m"), .advisory("a")),
        (.routeChanged(.oldDeviceUnavailable, sessions: ["a", "b"]), .routeChanged(.oldDeviceUnavailable)),
        (.reject(.isBusy("a")), nil),
    ])
    func eventOfEffect(effect: FocusEffect, event: ScenarioEvent?) {
        #expect(ScenarioEvent(effect) == event)
    }
}
