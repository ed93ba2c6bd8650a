import Focus
import Foundation
import RondoTesting
import TOMLReading
import Testing

/// Makes hostile policy files from a seeded generator, so every run replays the same inputs.
private struct HostilePolicies {
    /// The kinds of input made, taken in turn.
    enum Kind: CaseIterable {
        case byteMutation, lineMutation, valueSwap, truncation, tomlishNoise, deepNesting, hugeNumber, nulBytes,
            invalidUTF8
    }

    /// Byte sequences that are not UTF-8: stray continuations, overlongs, surrogates,
    /// code points past U+10FFFF, truncated sequences, bytes UTF-8 never uses.
    static let invalidSequences: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82],
        [0xF0, 0x9F, 0x8E], [0xFE], [0xFF], [0xC3],
    ]

    /// Lines a mutation may insert: keys of every table the loader reads, headers, comments,
    /// multi-line string openers, with right and wrong values.
    static let tomlishLines = [
        #"name = "fuzz""#, #"name = """#, "name = 3", #"kind = "audioSession""#, #"kind = "matrix""#,
        "duck_level = 0.5", "duck_level = 2", "duck_level = nan", "duck_level = -inf", "duck_level = 1979-05-27",
        "ramp_ms = 0", "ramp_ms = -1", "ramp_ms = 2.5", "music_resumes_after_music = true",
        #"music_resumes_after_music = "no""#, "prompt_hold_s = 1e308", "prompt_hold_s = -0.0",
        "launch_window_s = 07:32:00", #"prompt_style = "short""#, #"prompt_style = "loud""#, "[[prompt_rule]]",
        "[[priority]]", "[prompt_rule]", "[[ prompt_rule ]]", "[priority.when]", "[[prompt_rule.when]]",
        #"when = { category = "record" }"#, #"when = { role = ["voiceCommand", "pilot"] }"#,
        #"when = { mode = ["spokenAudio"], mixable = true, call = false }"#, "when = { categry = 1 }",
        #"blocks = { mixable = false }"#, "blocks = []", #"style = "none""#, #"class = "call""#, #"class = """#,
        "prompt_rule = []", "priority = [1, 2]", "extra = 1", #""quoted key" = 1"#, "dotted.key.here = 1",
        #"text = """"#, "text = '''", #"""""#, "'''", "# comment", "", "[", "]]", "= 1", #"a = "unterminated"#,
        "a = { b = ", "a = [", #"a = "\u00e9\uD800""#, "a = 0x7FFF_FFFF_FFFF_FFFF", "a = 0b102", "\t  [[priority]]  ",
    ]

    /// Values a swap may put in place of a value of the default policy.
    static let values = [
        "0", "1", "-1", "0.3", "1.5", "-0.1", "inf", "-inf", "nan", "+nan", "true", "false", #""""#, #""x""#,
        #""record""#, #""voiceCommand""#, #""default""#, #""spokenAudio""#, #""short""#, #""none""#, "[]", "{}",
        #"["voiceCommand", "pilot"]"#, "[1, 2]", "{ call = true }", "{ call = 1 }", "{ category = [] }",
        "1979-05-27T07:32:00Z", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "1e309", "0x10", "0o777", "0b1", "1_000", "'literal'", #""""multi""""#, "[[]]", "[{}]",
    ]

    private static let tomlish = Array(#"[]{}=,."'#\n \t0123456789_-+eEtrufalsnixyz:"#.utf8)

    let seed: [UInt8]
    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    /// The text of one input of `kind`: bytes decoded lossily as UTF-8, as a file would be read.
    mutating func next(_ kind: Kind) -> String {
        let bytes: [UInt8]
        switch kind {
        case .byteMutation:
            var mutated = seed
            for _ in 0...below(12) { mutate(&mutated) }
            bytes = mutated
        case .lineMutation:
            return lineMutation()
        case .valueSwap:
            return valueSwap()
        case .truncation:
            let cut = below(seed.count + 1)
            bytes = below(4) == 0 ? Array(seed[cut...]) : Array(seed[..<cut])
        case .tomlishNoise:
            bytes = (0..<below(400)).map { _ in pick(Self.tomlish) }
        case .deepNesting:
            return nested()
        case .hugeNumber:
            return hugeNumber()
        case .nulBytes:
            var mutated = seed
            for _ in 0...below(4) { mutated.insert(0, at: below(mutated.count + 1)) }
            bytes = mutated
        case .invalidUTF8:
            var mutated = seed
            for _ in 0...below(4) {
                mutated.insert(contentsOf: pick(Self.invalidSequences), at: below(mutated.count + 1))
            }
            bytes = mutated
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else {
            bytes.append(UInt8.random(in: 0...255, using: &rng))
            return
        }
        let at = below(bytes.count)
        switch below(6) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
        case 1: bytes.insert(pick(Self.tomlish), at: at)
        case 2: bytes.remove(at: at)
        case 3: bytes[at] ^= 1 << UInt8(below(8))
        case 4: bytes[at] = pick(Array(#"[]{}"'=#"#.utf8))
        default:
            let end = min(bytes.count, at + below(32) + 1)
            bytes.insert(contentsOf: bytes[at..<end], at: below(bytes.count + 1))
        }
    }

    /// The default policy with whole lines deleted, duplicated, swapped, inserted or indented,
    /// and sometimes with CRLF line ends.
    private mutating func lineMutation() -> String {
        var lines = String(decoding: seed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        for _ in 0...below(6) {
            let at = below(lines.count)
            switch below(6) {
            case 0: lines.remove(at: at)
            case 1: lines.insert(lines[at], at: below(lines.count + 1))
            case 2: lines.swapAt(at, below(lines.count))
            case 3: lines.insert(pick(Self.tomlishLines), at: at)
            case 4: lines[at] = pick(["", " ", "\t", "  "]) + lines[at] + pick(["", " ", " # c", "\r"])
            default: lines[at] = pick(Self.tomlishLines)
            }
            if lines.isEmpty { lines = [""] }
        }
        return lines.joined(separator: below(8) == 0 ? "\r\n" : "\n")
    }

    /// The default policy with the value after one `=` replaced by another value, so inputs
    /// often parse and reach the loader's checks.
    private mutating func valueSwap() -> String {
        var lines = String(decoding: seed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        for _ in 0...below(3) {
            let assignments = lines.indices.filter { lines[$0].contains(" = ") && !lines[$0].hasPrefix("#") }
            let at = pick(assignments)
            let line = lines[at]
            let equals = line.range(of: " = ")!
            if line.contains("{"), below(2) == 0, let brace = line.range(of: "{") {
                // Swap a value inside the inline table instead of the table itself.
                let inner = line[brace.upperBound...]
                if let innerEquals = inner.range(of: " = ") {
                    let end =
                        inner[innerEquals.upperBound...].firstIndex { $0 == "," || $0 == "}" } ?? line.endIndex
                    lines[at] = String(line[..<innerEquals.upperBound]) + pick(Self.values) + " " + String(line[end...])
                    continue
                }
            }
            lines[at] = String(line[..<equals.upperBound]) + pick(Self.values)
        }
        if below(4) == 0 { lines.insert("\(pick(["[[prompt_rule]]", "[[priority]]"]))", at: below(lines.count + 1)) }
        return lines.joined(separator: "\n")
    }

    /// Arrays, inline tables, dotted keys and table headers nested around the parser's limits
    /// (64 nested values, 64 key parts), and far past them.
    private mutating func nested() -> String {
        let depth = below(3) == 0 ? pick([63, 64, 65, 1_000, 5_000]) : below(100)
        let key = pick(["name", "duck_level", "when", "priority", "prompt_rule", "x"])
        var body: String
        switch below(5) {
        case 0:
            body = "\(key) = " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        case 1:
            body = "\(key) = " + String(repeating: "{ a = ", count: depth) + "1" + String(repeating: " }", count: depth)
        case 2:
            body = ([key] + Array(repeating: "a", count: min(depth, 2_000))).joined(separator: ".") + " = 1"
        case 3:
            body = "[" + ([key] + Array(repeating: "a", count: min(depth, 2_000))).joined(separator: ".") + "]\nb = 1"
        default:
            body =
                "[[priority]]\nclass = \"c\"\nwhen = " + String(repeating: "{ mode = ", count: depth) + "\"default\""
                + String(repeating: " }", count: depth) + "\nblocks = {}"
        }
        if below(3) == 0 { body = String(body.prefix(below(body.count + 1))) }
        return below(2) == 0 ? "name = \"deep\"\n" + body : body
    }

    /// A number with thousands of digits, or at the edges of Int64 and Double, as a tunable.
    private mutating func hugeNumber() -> String {
        var number = below(2) == 0 ? "-" : pick(["", "+"])
        number += String(1 + below(9)) + String(repeating: "7", count: below(below(2) == 0 ? 25 : 20_000))
        if below(2) == 0 { number += "." + String(repeating: "3", count: 1 + below(500)) }
        if below(2) == 0 { number += pick(["e", "E", "e+", "e-"]) + String(below(Int(Int32.max))) }
        if below(5) == 0 {
            number = pick([
                "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                "0x7FFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFF", "1.7976931348623157e308", "4.9e-324", "1e-400",
            ])
        }
        let key = pick(["duck_level", "ramp_ms", "prompt_hold_s", "launch_window_s", "name", "when"])
        return "name = \"huge\"\n\(key) = \(number)\n"
    }
}

/// Hostile policy files never crash or hang the loader: each loads or fails with a
/// ``PolicyError`` naming the file and a line of the input.
@Suite(.tags(.fuzz), .fullLane(.fuzz))
struct PolicyFuzzTests {
    /// What one input came to, or why it broke the contract.
    private enum Outcome {
        case loaded
        case rejected
        case violation(String)
    }

    private static let file = "fuzz.toml"

    private static func outcome(of text: String) -> Outcome {
        // The parser and the loader count lines at "\n" bytes.
        let lineCount = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        do {
            _ = try FocusPolicy(toml: text, file: file)
            return .loaded
        } catch {
            guard (1...lineCount).contains(error.line) else { return .violation("line \(error.line) of \(lineCount)") }
            guard error.file == file, error.description.hasPrefix(file + ":") else {
                return .violation("description \(error.description)")
            }
            guard !error.message.isEmpty else { return .violation("empty message") }
            return .rejected
        }
    }

    /// 4,500 seeded mutations, truncations, noise, deep nesting, huge numbers, NUL bytes and
    /// invalid UTF-8 each load or fail at a line of the input, naming the file.
    @Test(.timeLimit(.minutes(10)))
    func survivesHostilePolicies() throws {
        let path = BuiltProducts.packageRoot + "/Config/policies/default.toml"
        let seed = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
        var policies = HostilePolicies(seed: seed, rng: SplitMix64(seed: 0x504F_4C49_4359))
        var violations: [String] = []
        var tally: [HostilePolicies.Kind: (loaded: Int, rejected: Int)] = [:]
        for index in 0..<4_500 {
            let kind = HostilePolicies.Kind.allCases[index % HostilePolicies.Kind.allCases.count]
            let text = policies.next(kind)
            switch Self.outcome(of: text) {
            case .loaded: tally[kind, default: (0, 0)].loaded += 1
            case .rejected: tally[kind, default: (0, 0)].rejected += 1
            case .violation(let why):
                guard violations.count < 20 else { break }
                violations.append("#\(index) \(kind): \(why): \(text.prefix(200).debugDescription)")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        for kind in HostilePolicies.Kind.allCases {
            let counts = tally[kind, default: (0, 0)]
            #expect(counts.rejected > 0, "\(kind) never failed: \(counts)")
        }
        for kind in [HostilePolicies.Kind.byteMutation, .lineMutation, .valueSwap, .truncation] {
            #expect(tally[kind, default: (0, 0)].loaded > 0, "\(kind) never loaded")
        }
        // NUL is a control character, which TOML allows nowhere in a document.
        #expect(tally[.nulBytes, default: (0, 0)].loaded == 0)
    }

    /// A file with NUL bytes before, inside or after its keys loads or fails at one of its
    /// lines, naming the file.
    @Test func nulBytes() {
        for text in ["\0", "\0\0\0\n\0", "name = \"a\"\0duck_level = 9", "\0name = \"a\"", "name = \"a\0b\""] {
            if case .violation(let why) = Self.outcome(of: text) { Issue.record("\(text.debugDescription): \(why)") }
        }
    }

    /// A table header with no key inside its brackets fails as invalid TOML at one of its
    /// lines instead of aborting the process.
    @Test(arguments: ["[!]", "[.a]", "[[=]]", "[\n]", "[ #]", "name = \"x\"\n[\u{E9}]", "[[[prompt_rule]]]"])
    func headerWithoutKey(text: String) {
        switch Self.outcome(of: text) {
        case .loaded: Issue.record("loaded")
        case .rejected: break
        case .violation(let why): Issue.record("\(why)")
        }
    }
}
