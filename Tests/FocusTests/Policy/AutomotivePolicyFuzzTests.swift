import Focus
import Foundation
import RondoTesting
import TOMLReading
import Testing

/// Makes hostile variants of automotive.toml from a seeded generator, so every run replays
/// the same inputs: lines deleted, duplicated, swapped or moved into another table, values
/// and role names swapped, bytes flipped, the text cut short.
private struct HostileMatrices {
    enum Kind: CaseIterable { case lineMutation, valueSwap, keySwap, byteMutation, truncation }

    static let values = [
        #""reject""#, #""exclusive""#, #""concurrent""#, #""duck""#, #""""#, #""music""#, #""voicemail""#,
        #""pilot""#, "[]", #"["music"]"#, #"["call", "call"]"#, #"["pilot"]"#, "{}", "1", "true", "0.5", "-1",
        #""interactionMatrix""#, #""audioSession""#, "[1]", "{ call = true }",
    ]
    static let keys =
        SessionRole.allCases.map(\.rawValue) + [
            "pilot", "roles", "fallback_role", "permanent_interrupters", "role", "when", "priority", "matrix", "duck",
        ]

    let seed: [String]
    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func next(_ kind: Kind) -> String {
        var lines = seed
        switch kind {
        case .lineMutation:
            for _ in 0...below(4) {
                let at = below(lines.count)
                switch below(4) {
                case 0: lines.remove(at: at)
                case 1: lines.insert(lines[at], at: below(lines.count + 1))
                case 2: lines.swapAt(at, below(lines.count))
                default: lines.insert(lines.remove(at: at), at: below(lines.count))
                }
            }
        case .valueSwap:
            for _ in 0...below(3) {
                let at = below(lines.count)
                guard let equals = lines[at].firstIndex(of: "="), !lines[at].hasPrefix("#") else { continue }
                lines[at] = lines[at][...equals] + " " + Self.values[below(Self.values.count)]
            }
        case .keySwap:
            for _ in 0...below(3) {
                let at = below(lines.count)
                guard let equals = lines[at].firstIndex(of: "="), !lines[at].hasPrefix("#") else { continue }
                lines[at] = Self.keys[below(Self.keys.count)] + " " + lines[at][equals...]
            }
        case .byteMutation:
            var bytes = Array(lines.joined(separator: "\n").utf8)
            for _ in 0...below(8) {
                let at = below(bytes.count)
                bytes[at] = Array(#"[]{}"'=#., ax\n"#.utf8)[below(14)]
            }
            return String(decoding: bytes, as: UTF8.self)
        case .truncation:
            lines = Array(lines.prefix(below(lines.count + 1)))
        }
        return lines.joined(separator: "\n")
    }
}

@Suite(.tags(.fuzz), .fullLane(.fuzz)) struct AutomotivePolicyFuzzTests {
    /// 1,000 seeded variants of automotive.toml each load or fail at a line of the input,
    /// naming the file; each one that loads runs 40 seeded events without breaking an
    /// invariant.
    @Test(.timeLimit(.minutes(10)))
    func survivesHostileMatrices() throws {
        let text = try String(contentsOfFile: AutomotiveReference.path, encoding: .utf8)
        var inputs = HostileMatrices(
            seed: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            rng: SplitMix64(seed: 0x4D41_5452_4958))
        var problems: [String] = []
        var tally: [HostileMatrices.Kind: (loaded: Int, rejected: Int)] = [:]
        for index in 0..<1_000 {
            let kind = HostileMatrices.Kind.allCases[index % HostileMatrices.Kind.allCases.count]
            let input = inputs.next(kind)
            let lineCount = input.utf8.count { $0 == UInt8(ascii: "\n") } + 1
            do {
                let policy = try FocusPolicy(toml: input, file: "fuzz.toml")
                tally[kind, default: (0, 0)].loaded += 1
                if let problem = Self.walk(policy, seed: UInt64(index)) { problems.append("#\(index): \(problem)") }
            } catch {
                tally[kind, default: (0, 0)].rejected += 1
                if !(1...lineCount).contains(error.line) || error.file != "fuzz.toml" || error.message.isEmpty {
                    problems.append("#\(index) \(kind): \(error) of \(lineCount) lines")
                }
            }
            if problems.count > 20 { break }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        for kind in HostileMatrices.Kind.allCases {
            #expect(tally[kind, default: (0, 0)].rejected > 0, "\(kind) never failed")
            #expect(tally[kind, default: (0, 0)].loaded > 0, "\(kind) never loaded")
        }
    }

    /// The first broken invariant in 40 seeded events under `policy`, if any.
    private static func walk(_ policy: FocusPolicy, seed: UInt64) -> String? {
        var random = SplitMix64(seed: seed)
        var arbiter = Arbiter(policy: policy, startedAt: 0)
        let ids: [SessionID] = ["a", "b", "c", "d"]
        for id in ids {
            let role = SessionRole.allCases.randomElement(using: &random)
            let configuration = SessionConfiguration.make(.playback, role: Bool.random(using: &random) ? role : nil)
            _ = arbiter.handle(.open(id, name: id.rawValue, owner: OwnerID(1), configuration: configuration), at: 0)
        }
        for step in 0..<40 {
            let id = ids.randomElement(using: &random)!
            let event: FocusEvent =
                Bool.random(using: &random) ? .activate(id) : .deactivate(id, notifyOthers: Bool.random(using: &random))
            _ = arbiter.handle(event, at: Double(step))
            let violations = arbiter._invariantViolations()
            if !violations.isEmpty { return "step \(step) \(event): \(violations)" }
        }
        return nil
    }
}
