import Foundation
import RondoProtocol
import RondoTesting
import Testing

/// The codec writes its own JSON and types params from its own tree; both must mean exactly
/// what Foundation's encoder and decoder meant, which the daemon used before.
struct JSONLineEncoderTests {
    private let codec = JSONRPCCodec()

    /// Reads a line the way a client does, as an untyped tree to compare.
    private func tree(_ bytes: some Sequence<UInt8>) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    private func foundationLine(_ message: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return Array(try encoder.encode(message))
    }

    /// Each kind of message, with nested objects, arrays, optionals left out, enums and
    /// numbers of every shape, reads back as the tree Foundation's encoder wrote.
    @Test func writesWhatFoundationWrites() throws {
        var info = NowPlayingInfoPayload()
        info.title = "Rondo \"alla\" turca\\/é🎵"
        info.albumTrackNumber = 11
        info.playbackDuration = 212.4
        info.elapsedPlaybackTime = 0
        info.playbackRate = 1
        info.playbackProgress = 1e-7
        info.timestamp = 1_764_000_000.125
        info.mediaType = .audio
        info.isLiveStream = false
        info.artwork = ArtworkPayload(mimeType: nil, width: 600, height: nil, url: "file:///a b/c.jpg")
        let state = NowPlayingState(info: info, playbackState: .playing, nowPlayingIdentifiers: [], volume: 0.8)
        let messages: [any Encodable] = [
            Envelope.Response(id: .number(-7), result: state),
            Envelope.Response(id: .string("a\u{0}b\n"), result: NowPlayingState(info: NowPlayingInfoPayload(), playbackState: .stopped)),
            Envelope.Response(id: .number(Int.max), result: Empty()),
            Envelope.Response(id: .number(Int.min), result: [1e300, -0.0, 123_456_789.125, 0.1, 1e15, 1e16, -2.5e-300]),
            Envelope.Response(id: .number(1), result: ["a": [[String: Int]](), "b": [["x": 0]]]),
            Envelope.ErrorResponse(id: nil, error: .invalidParams("missing \"index\"")),
            Envelope.ErrorResponse(id: .number(3), error: RPCError(.badParam, "x")),
            Envelope.Notification(method: Events.NowPlayingChanged.name, params: state),
            Envelope.Request(id: .number(2), method: Methods.QueueSet.name, params: QueueItemsParams(items: ["/m/é.mp3"], startIndex: 0, play: true)),
        ]
        for message in messages {
            let ours = codec.encodeLine(message)
            #expect(ours.last == UInt8(ascii: "\n"))
            #expect(try tree(ours.dropLast()) == tree(foundationLine(message)), "\(String(decoding: ours, as: UTF8.self))")
        }
    }

    /// Every control character is escaped, so no message spans two lines; `/` is left as it is.
    @Test func escapesEveryControlCharacter() throws {
        let text = String(decoding: (0..<0x20).map { UInt8($0) } + Array(#"\"/é"#.utf8), as: UTF8.self)
        let line = codec.encodeLine(Envelope.Notification(method: "m", params: [text: text]))
        #expect(!line.dropLast().contains { $0 < 0x20 })
        #expect(!String(decoding: line, as: UTF8.self).contains(#"\/"#))
        #expect(try tree(line.dropLast())["params"]?[text] == .string(text))
    }

    /// A value that encodes nothing at all is written as an empty object.
    @Test func writesAnEmptyValueAsAnEmptyObject() throws {
        let line = codec.encodeLine(Envelope.Response(id: .number(1), result: Empty()))
        #expect(String(decoding: line, as: UTF8.self) == #"{"jsonrpc":"2.0","id":1,"result":{}}"# + "\n")
    }

    /// Params typed from the parsed tree equal params typed by Foundation from the same
    /// text, and a line one decoder refuses the other refuses too: random params of random
    /// shapes, for params types with integers, doubles, booleans, enums, arrays and optionals.
    @Test func typesParamsAsFoundationDid() throws {
        var rng = SplitMix64(seed: 0x5EED_0F_1A75)
        func sameOutcome<P: Decodable & Equatable>(_ type: P.Type, _ params: JSONValue) throws {
            let ours = try? codec.decodeParams(type, from: params, method: "m")
            let text = try JSONEncoder().encode(params)
            let foundation = try? JSONDecoder().decode(type, from: text)
            #expect(ours == foundation, "\(type) from \(String(decoding: text, as: UTF8.self))")
        }
        for _ in 0..<3_000 {
            let params = randomObject(&rng)
            try sameOutcome(QueueItemsParams.self, params)
            try sameOutcome(RemoteSendParams.self, params)
            try sameOutcome(QueueGetParams.self, params)
            try sameOutcome(LibraryChildrenParams.self, params)
            try sameOutcome(SessionConfigureParams.self, params)
        }
    }

    private func randomObject(_ rng: inout SplitMix64) -> JSONValue {
        let keys = [
            "items", "startIndex", "play", "command", "positionTime", "interval", "type", "playbackRate", "repeatType", "offset", "limit",
            "indexPath", "session", "category", "mode", "options",
        ]
        var members: [String: JSONValue] = [:]
        for key in keys where Bool.random(using: &rng) { members[key] = randomValue(&rng, depth: 0) }
        return .object(members)
    }

    private func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
        let words = ["play", "pause", "changePlaybackPosition", "all", "one", "playback", "spokenAudio", "mixWithOthers", "/m/a.mp3", ""]
        switch Int.random(in: 0..<(depth < 2 ? 8 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(Double(Int.random(in: -3...300, using: &rng)))
        case 3: return .number([0.5, -1.25, 1e300, 2.0, 1e15 - 1, 0.1].randomElement(using: &rng)!)
        case 4, 5: return .string(words.randomElement(using: &rng)!)
        case 6: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
        default: return .object(["x": randomValue(&rng, depth: depth + 1)])
        }
    }
}
