import Testing

/// A malformed scenario file and the error it must give.
struct BadScenario: Sendable, CustomTestStringConvertible {
    let text: String
    let line: Int
    let message: String
    var testDescription: String { message }

    /// A scenario with sessions `music` and `nav`, then `step` as its only step's body.
    static func step(_ body: String) -> String {
        """
        name = "x"
        [sessions]
        music = { category = "playback" }
        nav = { category = "playback", mode = "voicePrompt", options = ["duckOthers"] }
        [[step]]
        \(body)
        """
    }

    static let verbs =
        "open, configure, activate, deactivate, close, route-lost, route-restored, wait, stop, kill, pause or play"
    private static let known = "known: music, nav"
    private static let modes = "default, spokenAudio, voicePrompt, voiceChat, videoChat, moviePlayback or measurement"
    private static let options = "mixWithOthers, duckOthers or interruptSpokenAudioAndMixWithOthers"
    private static let forms =
        "NAME interruption began reason=default, NAME interruption ended shouldResume=true|false, NAME activated, "
        + "NAME deactivated, NAME gain G, NAME advisory, promptStyle S or route changed reason=R"

    static let all: [BadScenario] = [
        BadScenario(
            text: "name = \"x\"\nname = \"y\"\n", line: 2,
            message: "not valid TOML: name is set twice: it is a string already"),
        BadScenario(
            text: "[!]\nname = \"x\"", line: 1,
            message: "not valid TOML: a table header needs a key inside its brackets"),
        BadScenario(
            text: "policy = \"default\"\n[[step]]\ndo = \"route-lost\"", line: 1,
            message: #"missing key "name" at the top level; add it, e.g. name = "Music ducks under a prompt""#),
        BadScenario(
            text: "name = 3\n[[step]]\ndo = \"route-lost\"", line: 1, message: "name must be a string, not an integer"),
        BadScenario(
            text: "name = \"\"\n[[step]]\ndo = \"route-lost\"", line: 1,
            message: "name must not be empty; say what the scenario proves"),
        BadScenario(
            text: "name = \"x\"\npolicy = \"\"\n[[step]]\ndo = \"route-lost\"", line: 2,
            message: #"policy must not be empty; name a policy file without .toml, e.g. "default""#),
        BadScenario(
            text: "name = \"x\"\ntimeout = 3\n[[step]]\ndo = \"route-lost\"", line: 2,
            message: #"unknown key "timeout" at the top level; use name, policy, sessions or step"#),
        BadScenario(
            text: "name = \"x\"\n", line: 1,
            message: #"a scenario needs at least one [[step]]; add one, e.g. [[step]] with do = "activate music""#),
        BadScenario(
            text: "name = \"x\"\nstep = \"activate music\"", line: 2,
            message: "step must be a list of [[step]] tables, not a string"),
        BadScenario(
            text: "name = \"x\"\n[sessions]\nmusic = \"playback\"\n[[step]]\ndo = \"route-lost\"", line: 3,
            message: #"music must be a table, such as { category = "playback" }, not a string"#),
        BadScenario(
            text: "name = \"x\"\n[sessions]\nmusic = { mode = \"default\" }\n[[step]]\ndo = \"route-lost\"", line: 3,
            message: #"missing key "category" in session "music"; add it, e.g. category = "playback""#),
        BadScenario(
            text: "name = \"x\"\n[sessions]\nmusic = { category = \"radio\" }\n[[step]]\ndo = \"route-lost\"", line: 3,
            message: #"unknown category "radio"; use ambient, soloAmbient, playback, record or playAndRecord"#),
        BadScenario(
            text:
                "name = \"x\"\n[sessions]\nmusic = { category = \"playback\", volume = 1 }\n[[step]]\ndo = \"route-lost\"",
            line: 3,
            message: #"unknown key "volume" in session "music"; use category, mode, options, role or autoResume"#),
        BadScenario(
            text: "name = \"x\"\n[sessions]\nmusic = { category = \"playback\", options = \"duckOthers\" }\n"
                + "[[step]]\ndo = \"route-lost\"", line: 3,
            message: #"options must be a list of options, such as ["duckOthers"], not a string"#),
        BadScenario(
            text: "name = \"x\"\n[sessions]\nmusic = { category = \"playback\", options = [\"loud\"] }\n"
                + "[[step]]\ndo = \"route-lost\"", line: 3,
            message: #"unknown option "loud"; use \#(options)"#),
        BadScenario(
            text: "name = \"x\"\n[sessions]\nzed = { category = \"tv\" }\nalpha = { category = \"radio\" }\n"
                + "[[step]]\ndo = \"route-lost\"", line: 3,
            message: #"unknown category "tv"; use ambient, soloAmbient, playback, record or playAndRecord"#),
        BadScenario(
            text: "name = \"x\"\n[sessions]\nmusic = { category = \"playback\", autoResume = \"yes\" }\n"
                + "[[step]]\ndo = \"route-lost\"", line: 3,
            message: "autoResume must be true or false, not a string"),
        BadScenario(
            text: "name = \"x\"\n[sessions]\nmusic = { category = \"playback\", role = \"dj\" }\n"
                + "[[step]]\ndo = \"route-lost\"", line: 3,
            message: #"unknown role "dj"; use music, navigation, voiceCommand, callRing, call, alarm, notification, "#
                + "systemSound, emergency, safety, vehicleStatus, announcement or voicemail"),
        BadScenario(
            text: "name = \"x\"\n[sessions]\n\nlisten = { category = \"record\", options = [\"mixWithOthers\"] }\n"
                + "[[step]]\ndo = \"route-lost\"", line: 4,
            message: #"session "listen": option mixWithOthers cannot be set for category record; drop it or use "#
                + "category ambient, playback or playAndRecord"),
        BadScenario(
            text: "name = \"x\"\n[sessions]\n\"my music\" = { category = \"playback\" }\n[[step]]\ndo = \"route-lost\"",
            line: 3, message: #"session name "my music" must be one word of letters, digits, - or _, such as "nav""#),
        BadScenario(
            text: "name = \"x\"\n[sessions]\ngain = { category = \"playback\" }\n[[step]]\ndo = \"route-lost\"",
            line: 3,
            message: #"session name "gain" is reserved (error, gain, promptStyle, route); choose another"#),
        BadScenario(
            text: step("expect = { music = \"active\" }"), line: 5,
            message: #"missing key "do" in [[step]]; add it, e.g. do = "activate music""#),
        BadScenario(
            text: step("do = \"activate music\"\nwait = 3"), line: 7,
            message: #"unknown key "wait" in [[step]]; use do, expect or events"#),
        BadScenario(text: step("do = 3"), line: 6, message: "do must be a string, not an integer"),
        BadScenario(text: step("do = \"  \""), line: 6, message: "do must name an action; use \(verbs)"),
        BadScenario(text: step("do = \"dance music\""), line: 6, message: #"unknown action "dance"; use \#(verbs)"#),
        BadScenario(
            text: step("do = \"activate radio\""), line: 6,
            message: #"unknown session "radio"; declare it under [sessions] or open it in an earlier step (\#(known))"#),
        BadScenario(
            text: step("do = \"activate\""), line: 6,
            message: #""activate" takes one session name, e.g. "activate music""#),
        BadScenario(
            text: step("do = \"close music nav\""), line: 6,
            message: #""close" takes one session name, e.g. "close music""#),
        BadScenario(
            text: step("do = \"deactivate nav notify\""), line: 6,
            message: #"unknown word "notify" after "deactivate nav"; write notify-others or nothing"#),
        BadScenario(
            text: step("do = \"deactivate\""), line: 6,
            message:
                #""deactivate" takes a session name and optionally notify-others, e.g. "deactivate nav notify-others""#),
        BadScenario(
            text: step("do = \"open radio\""), line: 6,
            message: #""open" takes a session name, a category and optionally a mode and options, "#
                + #"e.g. "open nav playback voicePrompt duckOthers""#),
        BadScenario(
            text: step("do = \"open radio stereo\""), line: 6,
            message: #"unknown category "stereo"; use ambient, soloAmbient, playback, record or playAndRecord"#),
        BadScenario(
            text: step("do = \"open radio playback loud\""), line: 6,
            message: #"unknown mode or option "loud"; use a mode (\#(modes)), an option (\#(options)) or role=ROLE"#),
        BadScenario(
            text: step("do = \"open radio playback spokenAudio voicePrompt\""), line: 6,
            message: #"two modes, "spokenAudio" and "voicePrompt"; give at most one"#),
        BadScenario(
            text: step("do = \"open radio playback duckOthers duckOthers\""), line: 6,
            message: #"option "duckOthers" is given twice; give it once"#),
        BadScenario(
            text: step("do = \"open radio playback role=dj\""), line: 6,
            message: #"unknown role "dj"; use music, navigation, voiceCommand, callRing, call, alarm, notification, "#
                + "systemSound, emergency, safety, vehicleStatus, announcement or voicemail"),
        BadScenario(
            text: step("do = \"open my.radio playback\""), line: 6,
            message: #"session name "my.radio" must be one word of letters, digits, - or _, such as "nav""#),
        BadScenario(
            text: step("do = \"configure music playback role=music\""), line: 6,
            message: #"configure cannot change a session's role; leave out "role=music", "#
                + "or give the role where the session is declared or opened"),
        BadScenario(
            text: step("do = \"configure music playback loud\""), line: 6,
            message: #"unknown mode or option "loud"; use a mode (\#(modes)) or an option (\#(options))"#),
        BadScenario(
            text: step("do = \"configure radio playback\""), line: 6,
            message: #"unknown session "radio"; declare it under [sessions] or open it in an earlier step (\#(known))"#),
        BadScenario(
            text: step("do = \"wait soon\""), line: 6, message: #""wait" takes a number of seconds, e.g. "wait 3.5""#),
        BadScenario(text: step("do = \"wait -1\""), line: 6, message: "wait takes zero or more seconds, not -1"),
        BadScenario(text: step("do = \"route-lost now\""), line: 6, message: #""route-lost" takes nothing after it"#),
        BadScenario(
            text: step("do = \"activate music\"\nexpect = \"active\""), line: 7,
            message: "expect must be a table, such as { call = true }, not a string"),
        BadScenario(
            text: step("do = \"activate music\"\nexpect = { music = \"playing\" }"), line: 7,
            message: #"unknown state "playing" for session "music"; use inactive, active, ducked or interrupted"#),
        BadScenario(
            text: step("do = \"activate music\"\nexpect = { music = 1 }"), line: 7,
            message: "music must be a string, not an integer"),
        BadScenario(
            text: step("do = \"activate music\"\nexpect = { radio = \"active\" }"), line: 7,
            message: #"unknown key "radio" in expect; use a session name (music, nav), promptStyle, error or gain.NAME"#
        ),
        BadScenario(
            text: step("do = \"activate music\"\nexpect = { promptStyle = \"quiet\" }"), line: 7,
            message: #"unknown prompt style "quiet"; use none, short or normal"#),
        BadScenario(
            text: step("do = \"activate music\"\nexpect = { error = \"denied\" }"), line: 7,
            message: #"unknown error code "denied"; use none, badParam, noSuchSession, sessionNotActive, "#
                + "insufficientPriority, cannotInterruptOthers or isBusy"),
        BadScenario(
            text: step("do = \"activate music\"\nexpect = { \"gain.music\" = \"low\" }"), line: 7,
            message: "gain.music must be a number, such as 0.3, not a string"),
        BadScenario(
            text: step("do = \"activate music\"\nexpect = { gain.radio = 1 }"), line: 7,
            message: #"unknown session "radio"; declare it under [sessions] or open it in an earlier step (\#(known))"#),
        BadScenario(
            text: step("do = \"activate music\"\n[step.expect]\nmusic = \"active\"\ngain.nav = true"), line: 9,
            message: "gain.nav must be a number, such as 0.3, not a boolean"),
        BadScenario(
            text: step("do = \"activate music\"\nevents = \"music gain 1\""), line: 7,
            message: #"events must be a list of strings, such as ["music gain 0.3"], not a string"#),
        BadScenario(
            text: step("do = \"activate music\"\nevents = [1]"), line: 7,
            message: #"events must be a list of strings, such as ["music gain 0.3"], not an integer"#),
        BadScenario(
            text: step("do = \"activate nav\"\nevents = [\n  \"music gain 0.3\",\n  \"music ducked\",\n]"), line: 9,
            message: #"unknown event "music ducked"; write \#(forms)"#),
        BadScenario(
            text: step("do = \"activate nav\"\nevents = [\"radio gain 0.3\"]"), line: 7,
            message: #"unknown session "radio"; declare it under [sessions] or open it in an earlier step (\#(known))"#),
        BadScenario(
            text: step("do = \"activate nav\"\nevents = [\"music gain low\"]"), line: 7,
            message: #"gain in "music gain low" must be a number, such as 0.3 or 1"#),
        BadScenario(
            text: step("do = \"activate nav\"\nevents = [\"music interruption began\"]"), line: 7,
            message: #"unknown event "music interruption began"; write \#(forms)"#),
        BadScenario(
            text: step("do = \"activate nav\"\nevents = [\"music interruption began because=x\"]"), line: 7,
            message: #"expected reason=… instead of "because=x""#),
        BadScenario(
            text: step("do = \"activate nav\"\nevents = [\"music interruption began reason=call\"]"), line: 7,
            message: #"unknown interruption reason "call"; use default"#),
        BadScenario(
            text: step("do = \"activate nav\"\nevents = [\"music interruption ended shouldResume=maybe\"]"), line: 7,
            message: #"shouldResume in "music interruption ended shouldResume=maybe" must be true or false"#),
        BadScenario(
            text: step("do = \"activate nav\"\nevents = [\"promptStyle loud\"]"), line: 7,
            message: #"unknown prompt style "loud"; use none, short or normal"#),
        BadScenario(
            text: step("do = \"route-lost\"\nevents = [\"route changed reason=unplugged\"]"), line: 7,
            message: #"unknown route change reason "unplugged"; use oldDeviceUnavailable or newDeviceAvailable"#),
        BadScenario(
            text: "name = \"x\"\n[[step]]\ndo = \"activate music\"", line: 3,
            message: #"unknown session "music"; declare it under [sessions] or open it in an earlier step "#
                + "(no session is declared or opened yet)"),
        BadScenario(
            text: "name = \"x\"\n[[step]]\ndo = \"route-lost\"\nexpect = { radio = \"active\" }", line: 4,
            message: #"unknown key "radio" in expect; use a session name, promptStyle, error or gain.NAME"#),
    ]
}
