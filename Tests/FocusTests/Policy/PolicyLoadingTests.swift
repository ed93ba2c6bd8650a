import Focus
import Foundation
import RondoTesting
import TOMLReading
import Testing

@Suite struct PolicyLoadingTests {
    /// The packaged default.toml loads to exactly the built-in default policy.
    @Test func packagedDefaultMatches() throws {
        let path = BuiltProducts.packageRoot + "/Config/policies/default.toml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try FocusPolicy(toml: text, file: path) == FocusPolicy.default)
    }

    /// A policy that gives only its name takes every other value from the default.
    @Test func omittedKeysTakeDefaults() throws {
        var expected = FocusPolicy.default
        expected.name = "quiet"
        #expect(try FocusPolicy(toml: #"name = "quiet""#, file: "quiet.toml") == expected)
    }

    /// Every key is read: values, rules and predicates of every shape.
    @Test func everyKeyIsRead() throws {
        let text = """
            name = "car"
            kind = "audioSession"
            duck_level = 0
            ramp_ms = 0
            music_resumes_after_music = true
            prompt_hold_s = 1.5
            launch_window_s = 0
            prompt_style = "short"

            [[prompt_rule]]
            when = { mode = ["voicePrompt", "spokenAudio"], mixable = true }
            style = "normal"

            [[prompt_rule]]
            when = {}
            style = "none"

            [[priority]]
            class = "alarm"
            when = { role = "alarm", category = ["playback", "ambient"] }
            blocks = { call = false, mixable = false }

            [[priority]]
            class = "anything"
            when = { call = true }
            blocks = {}
            """
        let expected = FocusPolicy(
            name: "car", kind: .audioSession, duckLevel: 0, rampMilliseconds: 0, musicResumesAfterMusic: true,
            promptHoldSeconds: 1.5, launchWindowSeconds: 0,
            promptStyleRules: [
                PromptStyleRule(
                    when: SessionPredicate(modes: [.voicePrompt, .spokenAudio], isMixable: true), style: .normal),
                PromptStyleRule(when: SessionPredicate(), style: .none),
            ],
            fallbackPromptStyle: .short,
            priorityRules: [
                PriorityRule(
                    name: "alarm", holder: SessionPredicate(categories: [.playback, .ambient], roles: [.alarm]),
                    blocked: SessionPredicate(isCall: false, isMixable: false)
                ),
                PriorityRule(name: "anything", holder: SessionPredicate(isCall: true), blocked: SessionPredicate()),
            ]
        )
        #expect(try FocusPolicy(toml: text, file: "car.toml") == expected)
    }

    /// Empty rule lists replace the default rules with none.
    @Test func emptyRuleLists() throws {
        let policy = try FocusPolicy(toml: "name = \"bare\"\nprompt_rule = []\npriority = []", file: "bare.toml")
        #expect(policy.promptStyleRules.isEmpty)
        #expect(policy.priorityRules.isEmpty)
    }

    /// A syntax error names the file and the line the TOML parser reports.
    @Test func syntaxError() {
        #expect {
            try FocusPolicy(toml: "name = \"x\"\n\nduck_level = \n", file: "broken.toml")
        } throws: { error in
            guard let error = error as? PolicyError else { return false }
            return error.file == "broken.toml" && error.line == 3 && error.message.hasPrefix("not valid TOML: ")
                && error.description.hasPrefix("broken.toml:3: not valid TOML: ")
        }
    }

    /// Each malformed policy fails with the file, the line at fault and what to do.
    @Test(arguments: BadPolicy.all)
    func malformedPolicy(_ bad: BadPolicy) {
        #expect(throws: PolicyError(file: "p.toml", line: bad.line, message: bad.message)) {
            try FocusPolicy(toml: bad.text, file: "p.toml")
        }
    }
}
