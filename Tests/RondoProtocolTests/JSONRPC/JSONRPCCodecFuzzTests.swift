import RondoProtocol
import RondoTesting
import Testing

/// Makes hostile request lines from a seeded generator, so every run replays the same inputs.
private struct HostileLines {
    /// The kinds of input made, one per line.
    enum Kind: CaseIterable {
        case randomBytes, jsonishNoise, truncation, mutation, deepNesting, hugeNumber, invalidUTF8
    }

    /// Well-formed requests that truncations and mutations start from.
    static let seeds: [[UInt8]] = [
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":"a-7","method":"queue.set","params":{"items":["/music/é/1.mp3","/m/b.mp3"],"startIndex":1,"play":true}}"#,
        #"{"jsonrpc":"2.0","method":"remote.send","params":{"command":"skipForward","interval":15.5}}"#,
        #"{"jsonrpc":"2.0","id":42,"method":"events.subscribe","params":{"topics":["nowPlaying","queue"]}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"queue.move","params":{"from":0,"to":2}}"#,
        #"{"id":-9,"params":{"s":"\"\\\/\b\f\n\r\t\u00e9\ud83c\udfb5"},"method":"queue.get","jsonrpc":"2.0"}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"x","params":[null,true,false,-0.0,1e-5,[],{}]}"#,
    ].map { Array($0.utf8) }

    /// Byte sequences that are not UTF-8: stray continuations, overlongs, surrogates,
    /// code points past U+10FFFF, truncated sequences, bytes UTF-8 never uses.
    static let invalidSequences: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82],
        [0xF0, 0x9F, 0x8E], [0xFE], [0xFF], [0xC3],
    ]

    /// Depths around the codec's limit and Foundation's (512), and far past both.
    static let boundaryDepths = [
        JSONRPCCodec.maximumNestingDepth - 1, JSONRPCCodec.maximumNestingDepth,
        JSONRPCCodec.maximumNestingDepth + 1, 511, 512, 513, 514, 1_024, 100_000,
    ]

    private static let jsonish = Array(#"{}[]",:0123456789.eE+-truefalsnul \"\\/u"#.utf8)

    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func next(_ kind: Kind) -> [UInt8] {
        switch kind {
        case .randomBytes:
            return (0..<below(256)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case .jsonishNoise:
            return (0..<below(256)).map { _ in Self.jsonish[below(Self.jsonish.count)] }
        case .truncation:
            let seed = Self.seeds[below(Self.seeds.count)]
            let cut = below(seed.count)
            return below(4) == 0 ? Array(seed[cut...]) : Array(seed[..<cut])
        case .mutation:
            var bytes = Self.seeds[below(Self.seeds.count)]
            for _ in 0...below(8) { mutate(&bytes) }
            return bytes
        case .deepNesting:
            return nested()
        case .hugeNumber:
            return wrapped(hugeNumber())
        case .invalidUTF8:
            var bytes = Self.seeds[below(Self.seeds.count)]
            let sequence = Self.invalidSequences[below(Self.invalidSequences.count)]
            let inString = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
            let at = below(2) == 0 ? inString[below(inString.count)] + 1 : below(bytes.count + 1)
            bytes.insert(contentsOf: sequence, at: min(at, bytes.count))
            return bytes
        }
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else {
            bytes.append(UInt8.random(in: 0...255, using: &rng))
            return
        }
        let at = below(bytes.count)
        switch below(5) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
        case 1: bytes.insert(Self.jsonish[below(Self.jsonish.count)], at: at)
        case 2: bytes.remove(at: at)
        case 3: bytes[at] ^= 1 << UInt8(below(8))
        default:
            let end = min(bytes.count, at + below(16) + 1)
            bytes.insert(contentsOf: bytes[at..<end], at: below(bytes.count + 1))
        }
    }

    private mutating func nested() -> [UInt8] {
        let depth = below(3) == 0 ? Self.boundaryDepths[below(Self.boundaryDepths.count)] : below(300)
        var bytes: [UInt8] = []
        var closers: [UInt8] = []
        switch below(3) {
        case 0 where depth <= 1_024:
            for _ in 0..<depth {
                let object = below(3) == 0
                bytes += object ? Array(#"{"k":"#.utf8) : [UInt8(ascii: "[")]
                closers.append(object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            }
            closers.reverse()
        case 1:
            bytes = Array(String(repeating: #"{"k":"#, count: depth).utf8)
            closers = [UInt8](repeating: UInt8(ascii: "}"), count: depth)
        default:
            bytes = [UInt8](repeating: UInt8(ascii: "["), count: depth)
            closers = [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        }
        if below(2) == 0 { bytes += [UInt8(ascii: "1")] + closers }
        switch below(4) {
        case 0: return bytes
        case 1: return bytes + [UInt8.random(in: 0...255, using: &rng)]
        default: return wrapped(bytes)
        }
    }

    private mutating func hugeNumber() -> [UInt8] {
        var text = below(2) == 0 ? "-" : ""
        text += String(1 + below(9)) + String(repeating: "7", count: below(below(2) == 0 ? 20 : 20_000))
        if below(2) == 0 { text += "." + String(repeating: "3", count: 1 + below(500)) }
        if below(2) == 0 { text += ["e", "E", "e+", "e-"][below(4)] + String(below(Int(Int32.max))) }
        return Array(text.utf8)
    }

    /// `value` as the id, inside the params, or as the whole line.
    private mutating func wrapped(_ value: [UInt8]) -> [UInt8] {
        switch below(3) {
        case 0: return Array(#"{"jsonrpc":"2.0","id":"#.utf8) + value + Array(#","method":"queue.get"}"#.utf8)
        case 1: return Array(#"{"jsonrpc":"2.0","id":1,"method":"queue.get","params":{"offset":"#.utf8) + value + Array("}}".utf8)
        default: return value
        }
    }
}

/// Hostile lines never crash or hang the codec: each yields a request or a well-formed error.
@Suite(.tags(.fuzz), .fullLane(.fuzz))
struct JSONRPCCodecFuzzTests {
    /// What one decoded line came to, or why it broke the contract.
    private enum Outcome {
        case request
        case error(Int)
        case violation(String)
    }

    private static func outcome(of line: [UInt8], codec: JSONRPCCodec) -> Outcome {
        let request: JSONRPCCodec.IncomingRequest
        do {
            request = try codec.decodeRequest(line)
        } catch {
            guard error.error.code == -32700 || error.error.code == -32600 else {
                return .violation("code \(error.error.code)")
            }
            guard !error.error.message.isEmpty, error.error.data == nil else { return .violation("bad error object") }
            guard error.error.code == -32600 || error.id == nil else { return .violation("parse error with an id") }
            let reply = codec.encodeLine(Envelope.ErrorResponse(id: error.id, error: error.error))
            guard reply.firstIndex(of: UInt8(ascii: "\n")) == reply.count - 1 else { return .violation("reply not one line") }
            return .error(error.error.code)
        }
        do {
            _ = try codec.decodeParams(QueueGetParams.self, from: request.params, method: request.method)
        } catch {
            guard error.code == -32602 else { return .violation("params code \(error.code)") }
        }
        let reply = codec.encodeLine(Envelope.Response(id: request.id ?? .number(0), result: request.params ?? .null))
        guard reply.firstIndex(of: UInt8(ascii: "\n")) == reply.count - 1 else { return .violation("echo not one line") }
        guard let echoed = try? decodeLine(Envelope.Incoming.self, from: reply), (echoed.result ?? .null) == (request.params ?? .null)
        else { return .violation("params do not survive an echo") }
        return .request
    }

    /// 24,000 seeded inputs of every kind each give a request or a -32700/-32600 error.
    @Test(.timeLimit(.minutes(10)))
    func survivesHostileLines() {
        let codec = JSONRPCCodec()
        var lines = HostileLines(rng: SplitMix64(seed: 0x524F_4E44_4F21))
        var violations: [String] = []
        var tally: [HostileLines.Kind: (requests: Int, errors: Int)] = [:]
        var codes: Set<Int> = []
        for index in 0..<24_000 {
            let kind = HostileLines.Kind.allCases[index % HostileLines.Kind.allCases.count]
            let line = lines.next(kind)
            switch Self.outcome(of: line, codec: codec) {
            case .request: tally[kind, default: (0, 0)].requests += 1
            case .error(let code):
                tally[kind, default: (0, 0)].errors += 1
                codes.insert(code)
            case .violation(let why):
                if violations.count < 20 { violations.append("#\(index) \(kind): \(why): \(line.prefix(120))") }
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        #expect(codes == [-32700, -32600])
        for kind in HostileLines.Kind.allCases {
            let counts = tally[kind, default: (0, 0)]
            #expect(counts.requests + counts.errors > 3_000, "\(kind) produced \(counts)")
            #expect(counts.errors > 0, "\(kind) never failed")
        }
        #expect(tally[.mutation, default: (0, 0)].requests > 0)
        #expect(tally[.deepNesting, default: (0, 0)].requests > 0)
    }

    /// A line of a mebibyte of `[`, the largest a client can send, is refused as a parse error.
    @Test(.timeLimit(.minutes(10)))
    func refusesAMebibyteOfOpenBrackets() throws {
        let line = [UInt8](repeating: UInt8(ascii: "["), count: JSONRPCCodec.maximumLineLength)
        let codec = JSONRPCCodec()
        do {
            _ = try codec.decodeRequest(line)
            Issue.record("a mebibyte of [ decoded")
        } catch {
            #expect(error.error.code == -32700)
        }
    }
}
