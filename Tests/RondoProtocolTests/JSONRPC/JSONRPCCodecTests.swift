import RondoProtocol
import Testing

/// Reading request lines and writing reply lines with ``JSONRPCCodec`` (SPEC §2).
struct JSONRPCCodecTests {
    private let codec = JSONRPCCodec()

    private func decode(_ text: String) throws(FailedRequest) -> JSONRPCCodec.IncomingRequest {
        try codec.decodeRequest(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> FailedRequest? {
        do {
            _ = try codec.decodeRequest(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String) -> FailedRequest? { failure(Array(text.utf8)) }

    /// A request with a numeric id and an object of params keeps all three.
    @Test func decodesRequestWithNumberIDAndObjectParams() throws {
        let request = try decode(#"{"jsonrpc":"2.0","id":7,"method":"queue.move","params":{"from":1,"to":0}}"#)
        #expect(request.id == .number(7))
        #expect(request.method == "queue.move")
        #expect(request.params == .object(["from": .number(1), "to": .number(0)]))
    }

    /// A string id is kept as a string, even when it looks like a number.
    @Test(arguments: ["abc", "12", "", "é🎵"])
    func decodesRequestWithStringID(_ id: String) throws {
        let line = Array(#"{"jsonrpc":"2.0","method":"daemon.info","id":"#.utf8) + Array("\"\(id)\"}".utf8)
        let request = try codec.decodeRequest(line)
        #expect(request.id == .string(id))
        #expect(request.method == "daemon.info")
    }

    /// Negative, zero and the largest accepted integer ids survive as integers.
    @Test(arguments: [0, -1, 999_999_999_999_999, -999_999_999_999_999])
    func decodesIntegerIDs(_ id: Int) throws {
        let request = try decode(#"{"jsonrpc":"2.0","id":\#(id),"method":"queue.get"}"#)
        #expect(request.id == .number(id))
    }

    /// A request without params reads with `nil` params; `null` params stay `null`.
    @Test func decodesAbsentAndNullParams() throws {
        #expect(try decode(#"{"jsonrpc":"2.0","id":1,"method":"daemon.info"}"#).params == nil)
        #expect(try decode(#"{"jsonrpc":"2.0","id":1,"method":"daemon.info","params":null}"#).params == .null)
    }

    /// Array params are structurally valid JSON-RPC; they fail later, as invalid params.
    @Test func acceptsArrayParamsAsStructured() throws {
        let request = try decode(#"{"jsonrpc":"2.0","id":1,"method":"queue.move","params":[1,0]}"#)
        #expect(request.params == .array([.number(1), .number(0)]))
        let error = #expect(throws: RPCError.self) {
            try codec.decodeParams(QueueMoveParams.self, from: request.params, method: request.method)
        }
        #expect(error?.code == -32602)
    }

    /// A request without `id`, or with `id: null`, is a notification: it has no id to answer.
    @Test(arguments: [
        #"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["queue"]}}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"events.subscribe","params":{"topics":["queue"]}}"#,
    ])
    func decodesNotification(_ line: String) throws {
        let request = try decode(line)
        #expect(request.id == nil)
        #expect(request.method == "events.subscribe")
        #expect(request.params?["topics"] == .array([.string("queue")]))
    }

    /// Surrounding whitespace, member order and unknown members do not matter.
    @Test func toleratesWhitespaceOrderAndExtraMembers() throws {
        let request = try decode(" \t{ \"method\" : \"nowPlaying.get\", \"x\": [1], \"id\": 3, \"jsonrpc\": \"2.0\" }\r ")
        #expect(request.id == .number(3))
        #expect(request.method == "nowPlaying.get")
    }

    /// Lines that are not JSON, or not UTF-8, are parse errors (-32700) with a `null` id.
    @Test(arguments: [
        Array("".utf8), Array("   ".utf8), Array("{".utf8), Array(#"{"jsonrpc":"2.0","id":1,"method":"daemon.info""#.utf8),
        Array("{'jsonrpc':'2.0'}".utf8), Array(#"{"jsonrpc" "2.0"}"#.utf8), Array("nul".utf8), Array("[1 2]".utf8),
        Array(#"{"id":1} {"id":2}"#.utf8), Array(#"{"a":01}"#.utf8), Array(#"{"a":"\x"}"#.utf8),
        Array(#"{"jsonrpc":"2.0","id":1,"method":"a"#.utf8) + [0xFF] + Array(#""}"#.utf8),
        Array(#"{"jsonrpc":"2.0","id":1,"method":"a"#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
        Array(#"{"jsonrpc":"2.0","id":1,"method":"a"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
        [0xFE, 0xFF, 0x00, 0x7B],
    ])
    func rejectsMalformedJSONAsParseError(_ line: [UInt8]) throws {
        let failed = try #require(failure(line))
        #expect(failed.error.code == -32700)
        #expect(failed.id == nil)
        #expect(failed.error.data == nil)
        #expect(!failed.error.message.isEmpty)
    }

    /// JSON that is not an object (a batch, a scalar) is an invalid request (-32600).
    @Test(arguments: ["[]", #"[{"jsonrpc":"2.0","id":1,"method":"daemon.info"}]"#, "1", #""daemon.info""#, "null", "true"])
    func rejectsNonObjectAsInvalidRequest(_ line: String) throws {
        let failed = try #require(failure(line))
        #expect(failed.error.code == -32600)
        #expect(failed.id == nil)
    }

    /// A wrong or missing `jsonrpc` version is an invalid request, answered under the request's id.
    @Test(arguments: [
        #"{"id":5,"method":"daemon.info"}"#, #"{"jsonrpc":"1.0","id":5,"method":"daemon.info"}"#,
        #"{"jsonrpc":2.0,"id":5,"method":"daemon.info"}"#, #"{"jsonrpc":null,"id":5,"method":"daemon.info"}"#,
    ])
    func rejectsWrongVersion(_ line: String) throws {
        let failed = try #require(failure(line))
        #expect(failed.error.code == -32600)
        #expect(failed.id == .number(5))
        #expect(failed.error.message.contains("jsonrpc"))
    }

    /// A missing or non-string `method` is an invalid request, answered under the request's id.
    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":"m"}"#, #"{"jsonrpc":"2.0","id":"m","method":null}"#,
        #"{"jsonrpc":"2.0","id":"m","method":7}"#, #"{"jsonrpc":"2.0","id":"m","method":["daemon.info"]}"#,
    ])
    func rejectsMissingMethod(_ line: String) throws {
        let failed = try #require(failure(line))
        #expect(failed.error.code == -32600)
        #expect(failed.id == .string("m"))
        #expect(failed.error.message.contains("method"))
    }

    /// An id that is neither an integer nor a string is an invalid request with a `null` id.
    @Test(arguments: ["1.5", "true", "[1]", #"{"n":1}"#, "1e15", "-1e15", "1e300"])
    func rejectsUnusableID(_ id: String) throws {
        let failed = try #require(failure(#"{"jsonrpc":"2.0","id":\#(id),"method":"daemon.info"}"#))
        #expect(failed.error.code == -32600)
        #expect(failed.id == nil)
        #expect(failed.error.message.contains("id"))
    }

    /// Scalar params are an invalid request (JSON-RPC wants a structured value).
    @Test(arguments: ["1", #""x""#, "true"])
    func rejectsScalarParams(_ params: String) throws {
        let failed = try #require(failure(#"{"jsonrpc":"2.0","id":2,"method":"queue.get","params":\#(params)}"#))
        #expect(failed.error.code == -32600)
        #expect(failed.id == .number(2))
        #expect(failed.error.message.contains("params"))
    }

    /// An unknown method name is not the codec's business: it decodes, for the router to refuse.
    @Test func leavesUnknownMethodsToTheRouter() throws {
        let request = try decode(#"{"jsonrpc":"2.0","id":1,"method":"no.such.method"}"#)
        #expect(request.method == "no.such.method")
        #expect(RPCError.methodNotFound("no.such.method").code == -32601)
    }

    /// Nesting up to the limit decodes, and the nested params still decode as values.
    @Test func decodesNestingAtTheLimit() throws {
        let depth = JSONRPCCodec.maximumNestingDepth - 1
        let params = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let request = try decode(#"{"jsonrpc":"2.0","id":1,"method":"m","params":\#(params)}"#)
        var value = try #require(request.params)
        for _ in 0..<depth {
            guard case .array(let elements) = value, elements.count == 1 else {
                Issue.record("expected a one-element array, got \(value)")
                return
            }
            value = elements[0]
        }
        #expect(value == .number(1))
        #expect(try codec.decodeParams(JSONValue.self, from: request.params, method: "m") == request.params)
    }

    /// One level past the limit is a parse error, closed or not, however deep it goes.
    @Test(arguments: [
        JSONRPCCodec.maximumNestingDepth + 1, 513, 1_000, 100_000,
    ])
    func rejectsNestingPastTheLimit(_ depth: Int) throws {
        for open in ["[", #"{"a":"#] {
            let close = open == "[" ? "]" : "}"
            for line in [
                String(repeating: open, count: depth),
                String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth),
                #"{"jsonrpc":"2.0","id":1,"method":"m","params":"# + String(repeating: open, count: depth),
            ] {
                let failed = try #require(failure(line))
                #expect(failed.error.code == -32700)
                #expect(failed.error.message.contains("\(JSONRPCCodec.maximumNestingDepth)"))
            }
        }
    }

    /// Brackets inside strings, escaped quotes included, do not count as nesting.
    @Test func ignoresBracketsInsideStrings() throws {
        let text = #"\"["# + String(repeating: "[{", count: 1_000)
        let request = try decode(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"s":"\#(text)"}}"#)
        #expect(request.params?["s"] == .string("\"[" + String(repeating: "[{", count: 1_000)))
    }

    /// Absent or `null` params read as `{}`, so methods without params accept them.
    @Test func decodesAbsentParamsAsEmptyObject() throws {
        #expect(try codec.decodeParams(Empty.self, from: nil, method: "daemon.info") == Empty())
        #expect(try codec.decodeParams(Empty.self, from: .null, method: "daemon.info") == Empty())
        #expect(try codec.decodeParams(QueueGetParams.self, from: nil, method: "queue.get") == QueueGetParams())
    }

    /// Params that fit are decoded into the method's params type, unknown members ignored.
    @Test func decodesTypedParams() throws {
        let params: JSONValue = .object([
            "items": .array([.string("/music/a.mp3"), .string("/music/é")]), "startIndex": .number(1),
            "play": .bool(true), "extra": .null,
        ])
        let typed = try codec.decodeParams(QueueItemsParams.self, from: params, method: "queue.set")
        #expect(typed == QueueItemsParams(items: ["/music/a.mp3", "/music/é"], startIndex: 1, play: true))
    }

    /// Params that do not fit are -32602, and the message names the method and what to fix.
    @Test(arguments: [
        (JSONValue.object([:]), "index"),
        (.object(["index": .string("2")]), "index"),
        (.object(["index": .number(1.5)]), "whole"),
        (.object(["index": .number(1e300)]), "whole"),
        (.object(["index": .null]), "index"),
        (.array([.number(1)]), "params"),
    ])
    func rejectsParamsThatDoNotFit(_ params: JSONValue, _ field: String) throws {
        do {
            _ = try codec.decodeParams(QueueIndexParams.self, from: params, method: "queue.remove")
            Issue.record("\(params) decoded as QueueIndexParams")
        } catch {
            #expect(error.code == -32602)
            #expect(error.data == nil)
            #expect(error.message.contains("queue.remove"))
            #expect(error.message.contains(field))
        }
    }

    /// A nested field that does not fit is named with its path.
    @Test func namesNestedFieldsInInvalidParams() throws {
        let params: JSONValue = .object(["items": .array([.string("/a.mp3"), .number(3)])])
        do {
            _ = try codec.decodeParams(QueueItemsParams.self, from: params, method: "queue.append")
            Issue.record("a number decoded as a path")
        } catch {
            #expect(error.code == -32602)
            #expect(error.message.contains("items"))
            #expect(error.message.contains("[1]"))
        }
    }

    /// An unknown enum value in params (a remote command, a topic) is -32602.
    @Test func rejectsUnknownEnumValuesInParams() throws {
        let command = #expect(throws: RPCError.self) {
            try codec.decodeParams(RemoteSendParams.self, from: .object(["command": .string("fly")]), method: "remote.send")
        }
        #expect(command?.code == -32602)
        #expect(command?.message.contains("command") == true)
        let topic = #expect(throws: RPCError.self) {
            try codec.decodeParams(
                SubscribeParams.self, from: .object(["topics": .array([.string("weather")])]), method: "events.subscribe")
        }
        #expect(topic?.code == -32602)
        #expect(topic?.message.contains("topics") == true)
    }

    /// Every encoded message is exactly one line: it ends in `\n` and holds no other line break.
    @Test(arguments: ["plain", "two\nlines", "cr\rlf\r\n", "\u{2028}\u{2029}\u{85}", "tab\t\u{0}nul", "🎵 é \\ \" /"])
    func encodesExactlyOneLine(_ text: String) throws {
        let lines = [
            codec.encodeLine(Envelope.Response(id: .string(text), result: ["title": text])),
            codec.encodeLine(Envelope.ErrorResponse(id: nil, error: .invalidParams(text))),
            codec.encodeLine(Envelope.Notification(method: "queue.changed", params: [text: [text]])),
        ]
        for line in lines {
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(!line.dropLast().contains(UInt8(ascii: "\n")))
            #expect(!line.dropLast().contains(UInt8(ascii: "\r")))
        }
        let response = try decodeLine(Envelope.Incoming.self, from: lines[0])
        #expect(response.id == .string(text))
        #expect(response.result?["title"] == .string(text))
    }

    /// Paths keep their slashes unescaped, so lines read like the files they name.
    @Test func encodesSlashesUnescaped() {
        let path = codec.encodeLine(Envelope.Notification(method: "m", params: ["assetURL": "/music/a b/c.mp3"]))
        let text = String(decoding: path, as: UTF8.self)
        #expect(text.contains(#""/music/a b/c.mp3""#))
        #expect(!text.contains(#"\/"#))
    }

    /// A message that cannot be encoded still yields one line: an internal error with a `null` id.
    @Test func encodesUnencodableMessageAsInternalError() throws {
        let line = codec.encodeLine(Envelope.Response(id: .number(9), result: Double.nan))
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil)
        let reply = try decodeLine(Envelope.Incoming.self, from: line)
        #expect(reply.id == nil)
        #expect(reply.error?.code == -32603)
        #expect(reply.result == nil)
    }

    /// What a client encodes as a request, the daemon's codec reads back unchanged.
    @Test func roundTripsClientRequests() throws {
        let sent = Envelope.Request(
            id: .string("req-1"), method: Methods.QueueSet.name,
            params: QueueItemsParams(items: ["/music/x.mp3"], startIndex: 0, play: false))
        let line = codec.encodeLine(sent)
        let received = try codec.decodeRequest(line.dropLast())
        #expect(received.id == .string("req-1"))
        #expect(received.method == "queue.set")
        let params = try codec.decodeParams(QueueItemsParams.self, from: received.params, method: received.method)
        #expect(params == sent.params)
    }
}
