import Focus
import Testing

@Suite struct GlobTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let text: String
        let matches: Bool
        var testDescription: String { "\(pattern) \(matches ? "~" : "!~") \(text)" }
    }

    static let cases: [Case] = [
        Case(pattern: "mpv", text: "mpv", matches: true),
        Case(pattern: "mpv", text: "mpv2", matches: false),
        Case(pattern: "mpv", text: "MPV", matches: false),
        Case(pattern: "*", text: "", matches: true),
        Case(pattern: "*", text: "anything at all", matches: true),
        Case(pattern: "gpodder*", text: "gpodder", matches: true),
        Case(pattern: "gpodder*", text: "gpodder-3.11", matches: true),
        Case(pattern: "gpodder*", text: "my-gpodder", matches: false),
        Case(pattern: "*Firefox*", text: "Mozilla Firefox", matches: true),
        Case(pattern: "*a*b*c", text: "xaybzc", matches: true),
        Case(pattern: "*a*b*c", text: "xaybzcd", matches: false),
        Case(pattern: "**x", text: "abx", matches: true),
        Case(pattern: "?", text: "é", matches: true),
        Case(pattern: "?", text: "", matches: false),
        Case(pattern: "a?c", text: "abc", matches: true),
        Case(pattern: "a?c", text: "ac", matches: false),
        Case(pattern: "[ab]x", text: "bx", matches: true),
        Case(pattern: "[ab]x", text: "cx", matches: false),
        Case(pattern: "[!ab]x", text: "cx", matches: true),
        Case(pattern: "[!ab]x", text: "ax", matches: false),
        Case(pattern: "[^ab]x", text: "ax", matches: false),
        Case(pattern: "[a-c]", text: "b", matches: true),
        Case(pattern: "[a-c]", text: "d", matches: false),
        Case(pattern: "[a-]", text: "-", matches: true),
        Case(pattern: "[]]", text: "]", matches: true),
        Case(pattern: "[x", text: "[x", matches: true),
        Case(pattern: "\\*", text: "*", matches: true),
        Case(pattern: "\\*", text: "x", matches: false),
        Case(pattern: "speech-dispatcher-*", text: "speech-dispatcher-espeak-ng", matches: true),
        Case(pattern: "", text: "", matches: true),
        Case(pattern: "", text: "x", matches: false),
    ]

    @Test(arguments: cases) func matching(_ example: Case) {
        #expect(Glob(example.pattern).matches(example.text) == example.matches)
    }

    /// A list of alternatives matches when any of them does.
    @Test func anyAlternativeMatches() {
        let players = Glob(anyOf: ["mpv", "vlc*", "?otem"])
        #expect(players.matches("mpv") && players.matches("vlc-wrapper") && players.matches("totem"))
        #expect(!players.matches("mpv2") && !players.matches("rhythmbox"))
        #expect(!Glob(anyOf: []).matches(""))
        #expect(players.description == "mpv, vlc*, ?otem")
    }

    /// Many stars against a long text that almost matches end in time (no backtracking blow-up).
    @Test func starsDoNotBacktrackExponentially() {
        let pattern = Glob(String(repeating: "*a", count: 30) + "b")
        #expect(!pattern.matches(String(repeating: "a", count: 2_000)))
    }
}
