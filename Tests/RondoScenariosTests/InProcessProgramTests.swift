import Focus
import RondoScenarios
import Testing

/// Spawned programs in process: the foreign sessions the policy's rules make of their
/// streams, living as the daemon keeps them (SPEC §16).
@Suite struct InProcessProgramTests {
    private static func program(_ id: String, role: String?) -> ScenarioProgram {
        ScenarioProgram(id: id, command: ["paplay"], properties: role.map { ["media.role": $0] } ?? [:])
    }

    /// A spawned navigation app is the rule's voice-prompt session, owned by the daemon and
    /// active at once, ducking the music; ending it closes its session and the duck.
    @Test func spawnOpensTheRulesSessionAndEndClosesIt() throws {
        var driver = InProcessDriver(policy: .default)
        try driver.open("music", SessionRequest(category: .playback))
        try driver.activate("music")
        try driver.spawn(Self.program("nav", role: "Navigation"))
        let session = try #require(driver.arbiter.state.session("nav"))
        #expect(session.configuration.mode == .voicePrompt && session.configuration.role == .navigation)
        #expect(session.owner == .daemon)
        #expect(driver.snapshot().states == ["music": .ducked, "nav": .active])
        #expect(driver.takeEvents() == [.gain("music", 0.3)])
        try driver.end("nav", killing: true)
        #expect(driver.snapshot().states == ["music": .active])
        #expect(driver.takeEvents() == [.gain("music", 1)])
        #expect(throws: ScenarioDriverError.self) { try driver.end("nav", killing: false) }
    }

    /// A program whose stream no rule takes in is the driver's failure, saying so, and opens
    /// nothing.
    @Test func aStreamNoRuleTakesFails() {
        var driver = InProcessDriver(policy: .default)
        #expect(
            throws: ScenarioDriverError(
                code: ScenarioDriverError.programFailed,
                message: "no [[adopt]] rule of policy default takes the stream of other: paplay; "
                    + "give it a media.role a rule names, or run under a policy with a rule for it")
        ) { try driver.spawn(Self.program("other", role: nil)) }
        #expect(driver.snapshot().states.isEmpty)
    }

    /// A player spawned during a call stays inactive, refused but not failing, and activates
    /// by itself once the call's program ends.
    @Test func aRefusedProgramPlaysOnceItMay() throws {
        var driver = InProcessDriver(policy: .default)
        try driver.spawn(Self.program("call", role: "phone"))
        try driver.spawn(Self.program("player", role: "music"))
        #expect(driver.snapshot().states == ["call": .active, "player": .inactive])
        try driver.end("call", killing: false)
        #expect(driver.snapshot().states == ["player": .active])
    }

    /// A program a call interrupted activates again by itself when the call ends, with no
    /// `activated` event: the daemon resumes it, not a player of the scenario.
    @Test func anInterruptedProgramResumesByItself() throws {
        var driver = InProcessDriver(policy: .default)
        try driver.spawn(Self.program("player", role: "music"))
        try driver.spawn(Self.program("call", role: "phone"))
        #expect(driver.snapshot().state(of: "player") == .interrupted)
        _ = driver.takeEvents()
        try driver.end("call", killing: false)
        #expect(driver.snapshot().state(of: "player") == .active)
        #expect(driver.takeEvents() == [.interruptionEnded("player", shouldResume: true), .promptStyle(.normal)])
    }

    /// A paused program's session deactivates with notify-others, so what it interrupted
    /// resumes; playing again interrupts it anew.
    @Test func pauseAndPlayFollowTheStream() throws {
        var driver = InProcessDriver(policy: .default)
        try driver.spawn(Self.program("player", role: "music"))
        try driver.spawn(Self.program("video", role: "video"))
        _ = driver.takeEvents()
        try driver.setPaused("video", true)
        #expect(driver.snapshot().states == ["player": .active, "video": .inactive])
        #expect(driver.takeEvents() == [.interruptionEnded("player", shouldResume: true)])
        try driver.setPaused("video", false)
        #expect(driver.snapshot().states == ["player": .interrupted, "video": .active])
        #expect(driver.takeEvents() == [.interruptionBegan("player", reason: .default)])
    }
}
