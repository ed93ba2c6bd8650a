import Focus
import RondoScenarios
import Testing

@Suite struct SpawnParsingTests {
    /// A `spawn` step loads to its program (command, id, properties with dotted and quoted
    /// names alike, tone) and makes the id a name later steps expect, events name and
    /// `stop`, `kill`, `pause` and `play` act on.
    @Test func spawnStepIsRead() throws {
        let text = """
            name = "Programs"

            [[step]]
            spawn = ["mpv", "--input-ipc-server={ipc}", "-"]
            id = "video"
            properties = { "media.role" = "video", application.name = "Films", media.name = "a \\"film\\"" }
            tone = 880
            expect = { video = "active", gain.video = 1 }

            [[step]]
            do = "pause video"
            expect = { video = "inactive" }
            events = ["video gain 1"]

            [[step]]
            do = "play video"

            [[step]]
            spawn = ["paplay"]
            id = "nav"

            [[step]]
            do = "kill nav"

            [[step]]
            do = "stop video"
            """
        let scenario = try Scenario(toml: text, file: "programs.toml")
        let video = ScenarioProgram(
            id: "video", command: ["mpv", "--input-ipc-server={ipc}", "-"],
            properties: ["media.role": "video", "application.name": "Films", "media.name": "a \"film\""], tone: 880)
        let nav = ScenarioProgram(id: "nav", command: ["paplay"])
        let expected = Scenario(
            name: "Programs", file: "programs.toml", sessions: [],
            steps: [
                ScenarioStep(
                    action: .spawn(video),
                    expectations: ScenarioExpectations(states: [.init("video", .active)], gains: [.init("video", 1)]),
                    line: 4),
                ScenarioStep(
                    action: .pause("video"), expectations: ScenarioExpectations(states: [.init("video", .inactive)]),
                    events: [.gain("video", 1)], line: 11),
                ScenarioStep(action: .play("video"), line: 16),
                ScenarioStep(action: .spawn(nav), line: 19),
                ScenarioStep(action: .kill("nav"), line: 23),
                ScenarioStep(action: .stop("video"), line: 26),
            ])
        #expect(scenario == expected)
        #expect(scenario.programs == [video, nav])
        #expect(video.isControllable && !nav.isControllable)
    }

    /// A program's stream, as the adoption rules see it in process, takes its role,
    /// application and media name from the properties and its binary from the command.
    @Test func programStreamComesFromItsProperties() {
        let program = ScenarioProgram(
            id: "call", command: ["/usr/bin/paplay", "-"],
            properties: ["media.role": "phone", "application.name": "Softphone", "media.name": "Call"])
        #expect(
            program.stream
                == ForeignStream(mediaRole: "phone", application: "Softphone", binary: "paplay", mediaName: "Call"))
        #expect(ScenarioProgram(id: "x", command: ["sh"]).stream == ForeignStream(binary: "sh"))
    }

    /// Reports show a spawn step with its command, properties in name order and tone, and
    /// the program actions as written.
    @Test func programActionsAreWrittenAsRead() throws {
        let program = ScenarioProgram(
            id: "call", command: ["paplay", "-"], properties: ["media.role": "phone", "application.name": "Phone"],
            tone: 990)
        #expect(
            ScenarioAction.spawn(program).description
                == "spawn call: paplay - (application.name=Phone, media.role=phone, tone 990 Hz)")
        #expect(ScenarioAction.spawn(ScenarioProgram(id: "nav", command: ["paplay"])).description == "spawn nav: paplay")
        for text in ["stop call", "kill call", "pause call", "play call"] {
            let scenario = try Scenario(
                toml: """
                    name = "x"
                    [[step]]
                    spawn = ["mpv", "--input-ipc-server={ipc}"]
                    id = "call"
                    [[step]]
                    do = "\(text)"
                    """, file: "x.toml")
            #expect(scenario.steps.last?.action.description == text)
            #expect(scenario.steps.last?.action.subject == "call")
        }
    }
}
