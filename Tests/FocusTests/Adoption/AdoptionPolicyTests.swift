import Focus
import TOMLReading
import Testing

@Suite struct AdoptionPolicyTests {
    /// Every key of `[[adopt]]` and `[adopt_default]` is read, and rules given replace the defaults.
    @Test func everyKeyIsRead() throws {
        let policy = try FocusPolicy(
            toml: """
                name = "car"

                [[adopt]]
                when = { binary = "gpodder*", application = "gPodder", media = "*", role = ["Music", "music"] }
                category = "playback"
                mode = "spokenAudio"
                control = "mute"

                [[adopt]]
                when = { application = "nerd-dictation" }
                stream = "capture"
                category = "record"
                role = "voiceCommand"

                [adopt_default]
                category = "ambient"
                control = "mute"
                """, file: "car.toml")
        #expect(
            policy.adoptionRules == [
                AdoptionRule(
                    match: AdoptionRule.Match(
                        roles: ["music"], application: Glob("gPodder"), binary: Glob("gpodder*"), media: Glob("*")),
                    configuration: try SessionConfiguration(category: .playback, mode: .spokenAudio), control: .mute),
                AdoptionRule(
                    match: AdoptionRule.Match(application: Glob("nerd-dictation")), direction: .capture,
                    configuration: try SessionConfiguration(category: .record, role: .voiceCommand)),
            ])
        #expect(
            policy.adoptDefault
                == AdoptionRule(
                    match: AdoptionRule.Match(), configuration: try SessionConfiguration(category: .ambient), control: .mute))
    }

    /// Both packaged policies carry SPEC §16's default rules.
    @Test func packagedAutomotiveHasTheDefaultRules() {
        #expect(AutomotiveReference.policy.adoptionRules == FocusPolicy.defaultAdoptionRules)
        #expect(AutomotiveReference.policy.adoptDefault == FocusPolicy.defaultAdoptDefault)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let rule: String
        let line: Int
        let message: String
        var testDescription: String { message }
    }

    static let bad: [Bad] = [
        Bad(rule: "category = \"playback\"", line: 2, message: #"missing key "when" in [[adopt]]; add it, e.g. when = { role = "navigation" }"#),
        Bad(rule: "when = {}\ncategory = \"playback\"", line: 3, message: "when must name a role, application, binary or media to match"),
        Bad(rule: "when = { role = \"phone\" }", line: 2, message: #"missing key "category" in [[adopt]]; add it, e.g. category = "playback""#),
        Bad(
            rule: "when = { pid = 3 }\ncategory = \"playback\"", line: 3,
            message: #"unknown key "pid" in when; use role, application, binary or media"#),
        Bad(
            rule: "when = { role = 3 }\ncategory = \"playback\"", line: 3,
            message: "role must be a string or a list of them, not an integer"),
        Bad(
            rule: "when = { role = \"phone\" }\ncategory = \"playback\"\ncontrol = \"cork\"", line: 5,
            message: #"unknown control "cork"; use mpris or mute"#),
        Bad(
            rule: "when = { role = \"phone\" }\ncategory = \"playback\"\nstream = \"both\"", line: 5,
            message: #"unknown stream direction "both"; use playback or capture"#),
        Bad(
            rule: "when = { role = \"event\" }\ncategory = \"ambient\"\noptions = [\"duckOthers\"]", line: 5,
            message: "option duckOthers cannot be set for category ambient; drop it or use category playback or playAndRecord"),
    ]

    /// A malformed rule stops loading at its line, saying what to do.
    @Test(arguments: bad) func badRulesNameTheirLine(_ example: Bad) throws {
        let text = "name = \"x\"\n[[adopt]]\n\(example.rule)\n"
        let error = #expect(throws: PolicyError.self) { try FocusPolicy(toml: text, file: "x.toml") }
        #expect(error?.description.contains("x.toml:\(example.line):") == true, "\(error?.description ?? "no error")")
        #expect(error?.description.contains(example.message) == true, "\(error?.description ?? "no error")")
    }
}
