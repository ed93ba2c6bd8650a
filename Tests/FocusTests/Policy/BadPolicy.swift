import Testing

/// A malformed policy file and the error it must give.
struct BadPolicy: Sendable, CustomTestStringConvertible {
    let text: String
    let line: Int
    let message: String
    var testDescription: String { message }

    private static let topKeys =
        "name, kind, duck_level, ramp_ms, music_resumes_after_music, prompt_hold_s, launch_window_s, "
        + "prompt_style, prompt_rule, priority, adopt or adopt_default"
    private static let roles =
        "music, navigation, voiceCommand, callRing, call, alarm, notification, systemSound, emergency, safety, "
        + "vehicleStatus, announcement or voicemail"

    static let all: [BadPolicy] = [
        BadPolicy(
            text: "duck_level = 0.3", line: 1,
            message: #"missing key "name" at the top level; add it, e.g. name = "default""#),
        BadPolicy(text: "# empty\nname = \"\"", line: 2, message: "name must not be empty; name the policy"),
        BadPolicy(text: "name = 3", line: 1, message: "name must be a string, not an integer"),
        BadPolicy(
            text: "name = \"x\"\n\nvolume = 3", line: 3,
            message: #"unknown key "volume" at the top level; use \#(topKeys)"#),
        BadPolicy(
            text: "name = \"x\"\n[extra]\nkey = 1", line: 2,
            message: #"unknown key "extra" at the top level; use \#(topKeys)"#),
        BadPolicy(
            text: "name = \"x\"\nkind = \"matrix\"", line: 2, message: #"unknown kind "matrix"; use audioSession or interactionMatrix"#),
        BadPolicy(
            text: "name = \"x\"\nduck_level = 1.5", line: 2,
            message: "duck_level must be between 0 and 1 (a linear gain), not 1.5"),
        BadPolicy(
            text: "name = \"x\"\nduck_level = -0.1", line: 2,
            message: "duck_level must be between 0 and 1 (a linear gain), not -0.1"),
        BadPolicy(
            text: "name = \"x\"\nduck_level = 2", line: 2,
            message: "duck_level must be between 0 and 1 (a linear gain), not 2.0"),
        BadPolicy(
            text: "name = \"x\"\nduck_level = \"loud\"", line: 2,
            message: "duck_level must be a finite number, not a string"),
        BadPolicy(
            text: "name = \"x\"\nduck_level = nan", line: 2,
            message: "duck_level must be a finite number, not a float"),
        BadPolicy(
            text: "name = \"x\"\nduck_level = 1979-05-27", line: 2,
            message: "duck_level must be a finite number, not a date"),
        BadPolicy(text: "name = \"x\"\nramp_ms = -5", line: 2, message: "ramp_ms must be zero or more, not -5"),
        BadPolicy(text: "name = \"x\"\nramp_ms = 2.5", line: 2, message: "ramp_ms must be a whole number, not a float"),
        BadPolicy(
            text: "name = \"x\"\nprompt_hold_s = -1", line: 2, message: "prompt_hold_s must be zero or more, not -1.0"),
        BadPolicy(
            text: "name = \"x\"\nlaunch_window_s = -0.5", line: 2,
            message: "launch_window_s must be zero or more, not -0.5"),
        BadPolicy(
            text: "name = \"x\"\nmusic_resumes_after_music = \"yes\"", line: 2,
            message: "music_resumes_after_music must be true or false, not a string"
        ),
        BadPolicy(
            text: "name = \"x\"\nprompt_style = \"loud\"", line: 2,
            message: #"unknown prompt style "loud"; use none, short or normal"#),
        BadPolicy(
            text: "name = \"x\"\nprompt_rule = 3", line: 2,
            message: "prompt_rule must be a list of [[prompt_rule]] tables, not an integer"),
        BadPolicy(
            text: "name = \"x\"\npriority = [1]", line: 2,
            message: "priority must be a list of [[priority]] tables, not an integer"),
        BadPolicy(
            text: """
                name = "x"
                [[prompt_rule]]
                when = { call = true }
                style = "short"

                [[prompt_rule]]
                when = { role = ["voiceCommand", "pilot"] }
                style = "short"
                """,
            line: 7, message: #"unknown role "pilot"; use \#(roles)"#
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nwhen = { categry = \"record\" }\nstyle = \"none\"", line: 3,
            message: #"unknown key "categry" in when; use category, mode, role, call or mixable"#
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nwhen = { call = true }", line: 2,
            message: #"missing key "style" in [[prompt_rule]]; add it, e.g. style = "short""#
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nstyle = \"none\"", line: 2,
            message: #"missing key "when" in [[prompt_rule]]; add it, e.g. when = { call = true }"#
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nwhen = {}\nstyle = \"loud\"", line: 4,
            message: #"unknown prompt style "loud"; use none, short or normal"#
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nwhen = \"record\"\nstyle = \"none\"", line: 3,
            message: "when must be a table, such as { call = true }, not a string"
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nwhen = { mode = \"karaoke\" }\nstyle = \"none\"", line: 3,
            message: #"unknown mode "karaoke"; use default, spokenAudio, voicePrompt, voiceChat, videoChat, "#
                + "moviePlayback or measurement"
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nwhen = { category = [1] }\nstyle = \"none\"", line: 3,
            message: "category must be a category or a list of them, not an integer"
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nwhen = { call = \"yes\" }\nstyle = \"none\"", line: 3,
            message: "call must be true or false, not a string"
        ),
        BadPolicy(
            text: "name = \"x\"\n[[prompt_rule]]\nwhen = {}\nstyle = \"none\"\nrank = 1", line: 5,
            message: #"unknown key "rank" in [[prompt_rule]]; use when or style"#
        ),
        BadPolicy(
            text: "name = \"x\"\n\n[[priority]]\nclass = \"call\"\nwhen = { call = true }", line: 3,
            message: #"missing key "blocks" in [[priority]]; add it, e.g. blocks = { call = true }"#
        ),
        BadPolicy(
            text: "name = \"x\"\n[[priority]]\nclass = \"\"\nwhen = {}\nblocks = {}", line: 3,
            message: #"class must not be empty; name the sessions, e.g. "call""#
        ),
        BadPolicy(
            text: "name = \"x\"\n[[priority]]\nwhen = {}\nblocks = {}", line: 2,
            message: #"missing key "class" in [[priority]]; add it, e.g. class = "call""#
        ),
        BadPolicy(
            text: "name = \"x\"\n[[priority]]\nclass = \"a\"\nwhen = {}\nblocks = {}\n"
                + "[[priority]]\nclass = \"b\"\nwhen = {}\nblocks = { mixable = 0 }",
            line: 9, message: "mixable must be true or false, not an integer"
        ),
        BadPolicy(
            text: "name = \"\"\"\nduck_level = 5\n\"\"\"\nduck_level = 2", line: 4,
            message: "duck_level must be between 0 and 1 (a linear gain), not 2.0"
        ),
    ]
}
