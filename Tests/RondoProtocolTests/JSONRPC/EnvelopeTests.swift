import RondoProtocol
import Testing

/// The JSON-RPC messages on the wire: what the daemon writes, a client reads back intact.
struct EnvelopeTests {
    private let codec = JSONRPCCodec()

    /// A response carries `jsonrpc`, the request's id and the typed result, which reads back equal.
    @Test(arguments: [RequestID.number(41), .string("q-1")])
    func roundTripsResponse(_ id: RequestID) throws {
        let result = QueueGetResult(
            items: [
                QueueItem(position: 0, assetURL: "/music/Ünïcödé/01 – intro.mp3", title: "Intro 🎵", playbackDuration: 61.5),
                QueueItem(position: 1, assetURL: "/music/b.mp3"),
            ],
            index: 0, count: 2, shuffle: .off, repeat: .all)
        let line = codec.encodeLine(Envelope.Response(id: id, result: result))
        let incoming = try decodeLine(Envelope.Incoming.self, from: line)
        #expect(incoming.id == id)
        #expect(incoming.error == nil)
        #expect(incoming.method == nil)
        let decoded = try codec.decodeParams(QueueGetResult.self, from: incoming.result, method: "queue.get")
        #expect(decoded == result)
        let envelope = try decodeLine(JSONValue.self, from: line)
        #expect(envelope["jsonrpc"] == .string("2.0"))
    }

    /// A `null` current index is written as `null`, not left out (SPEC §2 `queue.get`).
    @Test func encodesNullQueueIndexExplicitly() throws {
        let result = QueueGetResult(items: [], index: nil, count: 0, shuffle: .off, repeat: .off)
        let value = try decodeLine(JSONValue.self, from: codec.encodeLine(Envelope.Response(id: .number(1), result: result)))
        #expect(value["result"]?["index"] == .null)
    }

    /// An error response keeps its error, domain detail included, and its id.
    @Test(arguments: [
        RPCError(.indexOutOfRange, "index 9 is past the end of the queue (3 items); use 0…2"),
        .invalidParams("missing \"index\""),
        .methodNotFound("queue.shuffle"),
    ])
    func roundTripsErrorResponse(_ error: RPCError) throws {
        let line = codec.encodeLine(Envelope.ErrorResponse(id: .string("e"), error: error))
        let incoming = try decodeLine(Envelope.Incoming.self, from: line)
        #expect(incoming.id == .string("e"))
        #expect(incoming.error == error)
        #expect(incoming.result == nil)
    }

    /// An error response to an unreadable request carries `"id": null`, as JSON-RPC requires.
    @Test func encodesUnknownIDAsNull() throws {
        let line = codec.encodeLine(Envelope.ErrorResponse(id: nil, error: .parseError("not JSON")))
        let value = try decodeLine(JSONValue.self, from: line)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members["id"] == .null)
        #expect(Set(members.keys) == ["jsonrpc", "id", "error"])
        #expect(members["error"]?["code"] == .number(-32700))
    }

    /// A notification has a method and params but no id, and its params read back equal.
    @Test func roundTripsNotification() throws {
        var info = NowPlayingInfoPayload()
        info.title = "Café del Mar"
        info.elapsedPlaybackTime = 12.25
        info.playbackRate = 1.5
        info.timestamp = 1_700_000_000.125
        let state = NowPlayingState(info: info, playbackState: .playing, nowPlayingIdentifiers: ["t-1"])
        let line = codec.encodeLine(Envelope.Notification(method: Events.NowPlayingChanged.name, params: state))
        let value = try decodeLine(JSONValue.self, from: line)
        #expect(value["id"] == nil)
        let incoming = try decodeLine(Envelope.Incoming.self, from: line)
        #expect(incoming.id == nil)
        #expect(incoming.method == "nowPlaying.changed")
        let params = try codec.decodeParams(NowPlayingState.self, from: incoming.params, method: "nowPlaying.changed")
        #expect(params == state)
    }

    /// Missing now-playing keys are absent on the wire, not empty strings or nulls (SPEC §3).
    @Test func leavesMissingNowPlayingKeysOut() throws {
        var info = NowPlayingInfoPayload()
        info.title = "Only a title"
        let value = try decodeLine(JSONValue.self, from: codec.encodeLine(info))
        #expect(value == .object(["title": .string("Only a title")]))
    }

    /// A request keeps its params type on the wire and reads back as the same request.
    @Test func roundTripsRequest() throws {
        let request = Envelope.Request(id: .number(3), method: Methods.QueueMove.name, params: QueueMoveParams(from: 2, to: 0))
        let value = try decodeLine(JSONValue.self, from: codec.encodeLine(request))
        #expect(
            value
                == .object([
                    "jsonrpc": .string("2.0"), "id": .number(3), "method": .string("queue.move"),
                    "params": .object(["from": .number(2), "to": .number(0)]),
                ]))
    }
}
