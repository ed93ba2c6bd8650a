import RondoProtocol
import Testing

/// ``JSONRPCCodec/decodeReply(_:from:)``: what a client reads while it waits for a reply.
struct ReplyDecodingTests {
    private let codec = JSONRPCCodec()

    /// A result is typed for the call; its names decode to their cases.
    @Test func decodesATypedResult() throws {
        let line = Array(#"{"jsonrpc":"2.0","id":7,"result":{"status":"commandFailed","reason":"disabled"}}"#.utf8)
        let reply = try codec.decodeReply(RemoteSendResult.self, from: line)
        #expect(reply.id == .number(7))
        #expect(reply.result == RemoteSendResult(status: .commandFailed, reason: .disabled))
        #expect(reply.error == nil && reply.method == nil)
    }

    /// An event that arrives meanwhile keeps its method and params, for the event's type.
    @Test func keepsAnEventsParams() throws {
        let line = Array(
            #"{"jsonrpc":"2.0","method":"session.interruption","params":{"session":"s1","type":"ended","shouldResume":true}}"#.utf8)
        let reply = try codec.decodeReply(RemoteSendResult.self, from: line)
        #expect(reply.id == nil && reply.result == nil)
        #expect(reply.method == Events.SessionInterruptionEvent.name)
        let interruption = try codec.decodeParams(
            Events.SessionInterruptionEvent.Params.self, from: reply.params, method: Events.SessionInterruptionEvent.name)
        #expect(interruption == SessionInterruption(session: "s1", type: .ended, shouldResume: true))
    }

    /// An error reply keeps its error.
    @Test func keepsAnError() throws {
        let line = Array(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"missing \"index\""}}"#.utf8)
        let reply = try codec.decodeReply(Empty.self, from: line)
        #expect(reply.error == .invalidParams(#"missing "index""#))
    }

    /// A result with a name outside its set, or no JSON at all, is a parse error saying why.
    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1,"result":{"status":"exploded"}}"#, "status"),
        ("not json", "JSON"),
    ])
    func refusesWhatDoesNotFit(_ text: String, _ mention: String) {
        let error = #expect(throws: RPCError.self) { try codec.decodeReply(LibraryPlayResult.self, from: Array(text.utf8)) }
        #expect(error?.code == -32700)
        #expect(error?.message.contains(mention) == true, "\(String(describing: error))")
    }
}
