import Focus
import RondoScenarios
import TOMLReading
import Testing

@Suite struct ScenarioParsingTests {
    /// A scenario using every key and action loads to exactly the model it describes:
    /// sessions in file order with their lines, expectations ordered by session.
    @Test func everyKeyIsRead() throws {
        let text = """
            name = "Everything"
            policy = "automotive"

            [sessions]
            nav = { category = "playback", mode = "voicePrompt", options = ["duckOthers", "mixWithOthers"] }
            podcast = { category = "playback", mode = "spokenAudio", role = "voicemail", autoResume = true }

            [[step]]
            do = "open  music playback duckOthers spokenAudio role=music"
            expect = { promptStyle = "short", music = "inactive", nav = "active", error = "none", gain.nav = 1 }

            [[step]]
            do = "configure music ambient mixWithOthers"
            expect = { "gain.music" = 0.3, podcast = "interrupted", error = "badParam" }
            events = [
              "podcast interruption began reason=default",
              "podcast interruption ended shouldResume=false",
              "podcast activated",
              "podcast deactivated",
              "music gain 0.25",
              "promptStyle none",
              "nav advisory",
              "route changed reason=newDeviceAvailable",
            ]

            [[step]]
            do = "deactivate nav notify-others"
            events = []

            [[step]]
            do = "deactivate nav"
            [step.expect]
            nav = "ducked"

            [[step]]
            do = "close podcast"
            [[step]]
            do = "activate music"
            [[step]]
            do = "route-lost"
            [[step]]
            do = "route-restored"
            [[step]]
            do = "wait 2.5"
            """
        let expected = Scenario(
            name: "Everything", file: "every.toml", policy: "automotive",
            sessions: [
                ScenarioSession(
                    name: "nav",
                    request: SessionRequest(
                        category: .playback, mode: .voicePrompt, options: [.duckOthers, .mixWithOthers]),
                    line: 5),
                ScenarioSession(
                    name: "podcast", request: SessionRequest(category: .playback, mode: .spokenAudio, role: .voicemail),
                    autoResume: true, line: 6),
            ],
            steps: [
                ScenarioStep(
                    action: .open(
                        "music",
                        SessionRequest(category: .playback, mode: .spokenAudio, options: [.duckOthers], role: .music)),
                    expectations: ScenarioExpectations(
                        states: [.init("nav", .active), .init("music", .inactive)], promptStyle: .short,
                        outcome: .success, gains: [.init("nav", 1)]),
                    line: 9),
                ScenarioStep(
                    action: .configure("music", SessionRequest(category: .ambient, options: [.mixWithOthers])),
                    expectations: ScenarioExpectations(
                        states: [.init("podcast", .interrupted)], outcome: .failure(code: "badParam"),
                        gains: [.init("music", 0.3)]),
                    events: [
                        .interruptionBegan("podcast", reason: .default),
                        .interruptionEnded("podcast", shouldResume: false),
                        .activated("podcast"), .deactivated("podcast"), .gain("music", 0.25), .promptStyle(.none),
                        .advisory("nav"), .routeChanged(.newDeviceAvailable),
                    ],
                    line: 13),
                ScenarioStep(action: .deactivate("nav", notifyOthers: true), events: [], line: 27),
                ScenarioStep(
                    action: .deactivate("nav", notifyOthers: false),
                    expectations: ScenarioExpectations(states: [.init("nav", .ducked)]), line: 31),
                ScenarioStep(action: .close("podcast"), line: 36),
                ScenarioStep(action: .activate("music"), line: 38),
                ScenarioStep(action: .routeLost, line: 40),
                ScenarioStep(action: .routeRestored, line: 42),
                ScenarioStep(action: .wait(2.5), line: 44),
            ]
        )
        #expect(try Scenario(toml: text, file: "every.toml") == expected)
    }

    /// A scenario without `policy` runs under `default`, and one without sessions opens none.
    @Test func policyDefaultsToDefault() throws {
        let scenario = try Scenario(toml: "name = \"x\"\n[[step]]\ndo = \"route-lost\"", file: "x.toml")
        #expect(scenario.policy == "default")
        #expect(scenario.sessions.isEmpty)
    }

    /// Each malformed scenario fails with `FILE:LINE: message` saying what is wrong and what
    /// to write.
    @Test(arguments: BadScenario.all + BadScenario.spawns)
    func malformedScenario(_ bad: BadScenario) {
        #expect(throws: ScenarioError(file: "bad.toml", line: bad.line, message: bad.message)) {
            try Scenario(toml: bad.text, file: "bad.toml")
        }
    }

    /// An error's description is `FILE:LINE: message`.
    @Test func errorDescription() {
        let error = ScenarioError(file: "Tests/Scenarios/a.toml", line: 7, message: "unknown action \"play\"")
        #expect(error.description == "Tests/Scenarios/a.toml:7: unknown action \"play\"")
    }

    /// An action read from a `do` string writes back as its canonical spelling.
    @Test(arguments: [
        "open nav playback voicePrompt interruptSpokenAudioAndMixWithOthers duckOthers role=navigation",
        "open music playback", "configure music ambient mixWithOthers", "activate music", "deactivate music",
        "deactivate music notify-others", "close music", "route-lost", "route-restored", "wait 3", "wait 0.5",
        "wait 0.0001",
    ])
    func actionRoundTrip(text: String) throws {
        let scenario = try Scenario(
            toml: "name = \"x\"\n[sessions]\nmusic = { category = \"playback\" }\n[[step]]\ndo = \"\(text)\"",
            file: "x.toml")
        #expect(scenario.steps.first?.action.description == text)
    }
}
