import Focus
import Foundation
import RondoScenarios
import RondoTesting
import TOMLReading
import Testing

/// Makes hostile scenario files from a seeded generator, so every run replays the same inputs.
private struct HostileScenarios {
    /// Lines a mutation may insert: every key, action and event form, right and wrong.
    static let lines = [
        #"name = "fuzz""#, #"name = """#, "name = 1", #"policy = "default""#, "policy = []", "[sessions]",
        #"music = { category = "playback" }"#, #"nav = { category = "playback", options = ["duckOthers"] }"#,
        #"pod = { category = "playback", mode = "spokenAudio", autoResume = true }"#,
        #"bad = { category = "record", options = ["mixWithOthers"] }"#, "x = { }", "[sessions.music]",
        "[[step]]", "[step]", "[step.expect]", #"do = "activate music""#, #"do = "deactivate nav notify-others""#,
        #"do = "open z ambient duckOthers""#, #"do = "open z playAndRecord voiceChat role=call""#,
        #"do = "configure music ambient""#, #"do = "close music""#, #"do = "wait 3.5""#, #"do = "wait -1""#,
        #"do = "route-lost""#, #"do = "route-restored""#, #"do = "open music playback""#, #"do = """#, "do = 5",
        #"expect = { music = "active", error = "none", promptStyle = "short", gain.music = 0.3 }"#,
        #"expect = { "gain.nav" = 1, nav = "ducked" }"#, #"expect = { ghost = "active" }"#, "expect = 3",
        #"events = ["music gain 0.3", "promptStyle none", "nav advisory"]"#, "events = [", #""music activated","#,
        "]", #"events = ["route changed reason=oldDeviceUnavailable"]"#, "events = [1]", "# comment", "", "[", "= 1",
        #"music = "active""#, "gain.music = 0.3", #"error = "badParam""#, #"text = """"#, "'''",
        #"spawn = ["pacat", "-"]"#, #"spawn = ["mpv", "--input-ipc-server={ipc}"]"#, "spawn = []", #"spawn = "x""#,
        #"id = "call""#, #"id = "music""#, "id = 3", #"properties = { "media.role" = "phone" }"#,
        #"properties = { media.role = "Navigation", application.name = "Maps" }"#, "properties = { x = 1 }",
        "tone = 660", "tone = 1", "tone = 1.5", #"do = "stop call""#, #"do = "kill nav""#, #"do = "pause video""#,
        #"do = "play video""#,
    ]

    /// Words a mutation may put into a `do` or `events` string.
    static let words = [
        "open", "configure", "activate", "deactivate", "close", "route-lost", "route-restored", "wait", "music",
        "nav", "pod", "ghost", "playback", "record", "ambient", "voicePrompt", "duckOthers", "mixWithOthers",
        "notify-others", "role=voicemail", "role=", "3", "-0", "1e308", "nan", "gain", "interruption", "began",
        "ended", "reason=default", "shouldResume=true", "promptStyle", "advisory", "activated", "", "  ", "é",
        "stop", "kill", "pause", "play", "call", "video", "{ipc}", "phone", "Navigation",
    ]

    let seed: [UInt8]
    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    /// The text of the next input: one of line edits, word swaps inside strings, byte edits,
    /// truncation or invalid UTF-8, decoded lossily as a file would be read.
    mutating func next() -> String {
        var lines = String(decoding: seed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        switch below(5) {
        case 0:
            for _ in 0...below(5) {
                let at = below(lines.count)
                switch below(4) {
                case 0: lines.remove(at: at)
                case 1: lines.insert(pick(Self.lines), at: at)
                case 2: lines.swapAt(at, below(lines.count))
                default: lines[at] = pick(Self.lines)
                }
                if lines.isEmpty { lines = [""] }
            }
        case 1:
            for _ in 0...below(3) {
                let quoted = lines.indices.filter { lines[$0].contains("\"") }
                let at = pick(quoted)
                var parts = lines[at].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                parts[below(parts.count)] = pick(Self.words)
                lines[at] = parts.joined(separator: " ")
            }
        case 2:
            var bytes = seed
            for _ in 0...below(8) {
                let at = below(bytes.count)
                if below(2) == 0 { bytes[at] = UInt8.random(in: 0...255, using: &rng) } else { bytes.remove(at: at) }
            }
            return String(decoding: bytes, as: UTF8.self)
        case 3:
            return String(decoding: seed[..<below(seed.count + 1)], as: UTF8.self)
        default:
            var bytes = seed
            bytes.insert(
                contentsOf: pick([[0x80], [0xC3], [0xED, 0xA0, 0x80], [0xFF], [0]]), at: below(bytes.count + 1))
            return String(decoding: bytes, as: UTF8.self)
        }
        return lines.joined(separator: "\n")
    }
}

/// Hostile scenario files never crash the parser or the runner: each loads and runs, or
/// fails with a ``ScenarioError`` naming the file and a line of the input.
@Suite(.tags(.fuzz), .fullLane(.fuzz))
struct ScenarioFuzzTests {
    private static let file = "fuzz.toml"

    /// 4,500 seeded mutations of three packaged scenarios (one spawning programs) each load
    /// or fail at a line of the input; those that load run in process and report without
    /// trapping.
    @Test(.timeLimit(.minutes(10)))
    func survivesHostileScenarios() throws {
        var violations: [String] = []
        var (loaded, rejected) = (0, 0)
        let seeds = [
            "prompt-interrupts-podcast-then-resumes.toml", "open-in-a-step.toml", "programs-video-player-pauses-itself.toml",
        ]
        for (index, name) in seeds.enumerated() {
            let path = BuiltProducts.packageRoot + "/Tests/Scenarios/" + name
            let seed = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
            var scenarios = HostileScenarios(seed: seed, rng: SplitMix64(seed: 0x5343_454E + UInt64(index)))
            for _ in 0..<1_500 {
                let text = scenarios.next()
                let lineCount = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
                do {
                    let scenario = try Scenario(toml: text, file: Self.file)
                    var driver = CheckedDriver()
                    let result = ScenarioRunner(scenario).run(on: &driver)
                    _ = (ScenarioReport.lines(for: result), JUnitReport.xml(for: [result]))
                    loaded += 1
                } catch {
                    rejected += 1
                    guard (1...lineCount).contains(error.line), error.file == Self.file, !error.message.isEmpty else {
                        violations.append("\(error) for \(text.prefix(300).debugDescription)")
                        continue
                    }
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.prefix(10).joined(separator: "\n"))")
        #expect(loaded > 100)
        #expect(rejected > 100)
    }
}
