import Foundation
import RondoProtocol
import RondoRouting
import Synchronization
import Testing

/// How the router reads a request line, picks the handler by method, and writes its answer
/// or the error SPEC §9 gives for it.
struct RouterTests {
    /// Adds two numbers; refuses negative ones.
    enum Add: RPCMethod {
        struct Params: Codable, Sendable {
            var a: Int
            var b: Int
        }
        typealias Result = Int
        static let name = "test.add"
    }

    /// Answers with bytes kept encoded.
    enum Kept: RPCMethod {
        typealias Params = Empty
        typealias Result = [Int]
        static let name = "test.kept"
    }

    /// Answers after a wait, on a task.
    enum Slow: RPCMethod {
        typealias Params = Empty
        typealias Result = String
        static let name = "test.slow"
    }

    /// How many times a handler ran.
    final class Calls: Sendable {
        private let count = Atomic(0)
        var value: Int { count.load(ordering: .relaxed) }
        func add() { count.add(1, ordering: .relaxed) }
    }

    private let context = ConnectionContext(id: 3, isGone: { false })

    private func router(calls: Calls = Calls(), onLoop: Bool = false) -> Router {
        var router = Router()
        router.registerImmediate(Add.self) { params, _ throws(RPCError) in
            guard params.a >= 0, params.b >= 0 else { throw .invalidParams("only numbers from 0") }
            return params.a + params.b
        }
        router.registerImmediateEncoded(Kept.self) { _, _ throws(RPCError) in
            try JSONRPCCodec().encodeResult([1, 2, 3])
        }
        router.register(Slow.self, onLoop: { onLoop }) { _, context throws(RPCError) in
            calls.add()
            return "done on \(context.id)"
        }
        return router
    }

    /// The reply line's JSON object; the line ends with one newline.
    private func object(_ reply: [UInt8]?) throws -> [String: Any] {
        let line = try #require(reply)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.dropLast().contains(UInt8(ascii: "\n")) == false)
        return try #require(JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    }

    private func answered(_ line: String, by router: Router) throws -> [UInt8]? {
        guard case .answered(let reply) = router.route(line: Array(line.utf8), context: context) else {
            Issue.record("\(line) was left to a task")
            return nil
        }
        return reply
    }

    private func errorCode(_ reply: [UInt8]?) throws -> Int? {
        try (object(reply)["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func answersAnImmediateMethodAtOnceWithTheRequestsID() throws {
        let reply = try object(answered(#"{"jsonrpc":"2.0","id":41,"method":"test.add","params":{"a":2,"b":3}}"#, by: router()))
        #expect(reply["id"] as? Int == 41)
        #expect(reply["result"] as? Int == 5)
        #expect(reply["jsonrpc"] as? String == "2.0")
    }

    @Test func keepsAStringID() throws {
        let reply = try object(answered(#"{"jsonrpc":"2.0","id":"x-1","method":"test.add","params":{"a":0,"b":0}}"#, by: router()))
        #expect(reply["id"] as? String == "x-1")
        #expect(reply["result"] as? Int == 0)
    }

    @Test func writesKeptBytesAsTheResult() throws {
        let reply = try answered(#"{"jsonrpc":"2.0","id":7,"method":"test.kept"}"#, by: router())
        #expect(String(decoding: try #require(reply), as: UTF8.self) == #"{"jsonrpc":"2.0","id":7,"result":[1,2,3]}"# + "\n")
    }

    @Test func answersNothingToANotification() throws {
        #expect(try answered(#"{"jsonrpc":"2.0","method":"test.add","params":{"a":1,"b":1}}"#, by: router()) == nil)
        #expect(try answered(#"{"jsonrpc":"2.0","method":"no.such"}"#, by: router()) == nil)
    }

    @Test func refusesParamsOfTheWrongShape() throws {
        let router = router()
        let wrongType = #"{"jsonrpc":"2.0","id":1,"method":"test.add","params":{"a":"two","b":3}}"#
        #expect(try errorCode(answered(wrongType, by: router)) == -32602)
        #expect(try errorCode(answered(#"{"jsonrpc":"2.0","id":2,"method":"test.add"}"#, by: router)) == -32602)
    }

    @Test func writesTheHandlersError() throws {
        let reply = try object(answered(#"{"jsonrpc":"2.0","id":9,"method":"test.add","params":{"a":-1,"b":3}}"#, by: router()))
        let error = try #require(reply["error"] as? [String: Any])
        #expect(reply["id"] as? Int == 9)
        #expect(error["code"] as? Int == -32602)
        #expect(error["message"] as? String == "only numbers from 0")
    }

    @Test func refusesAnUnknownMethodByName() throws {
        let reply = try object(answered(#"{"jsonrpc":"2.0","id":4,"method":"no.such"}"#, by: router()))
        let error = try #require(reply["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32601)
        #expect((error["message"] as? String)?.contains("no.such") == true)
    }

    @Test func answersALineThatIsNotJSONWithAParseError() throws {
        let reply = try object(answered(#"{"jsonrpc":"2.0","id":4,"method""#, by: router()))
        #expect(reply["id"] is NSNull)
        #expect(try errorCode(answered("not json", by: router())) == -32700)
    }

    private let slowRequest = Array(#"{"jsonrpc":"2.0","id":5,"method":"test.slow"}"#.utf8)

    @Test func leavesADeferredMethodToATaskRunOnlyWhenAwaited() async throws {
        let calls = Calls()
        let router = router(calls: calls, onLoop: true)
        guard case .pending(let work, let onLoop) = router.route(line: slowRequest, context: context) else {
            Issue.record("test.slow was answered at once")
            return
        }
        #expect(onLoop)
        #expect(calls.value == 0)
        let reply = try object(await work())
        #expect(reply["result"] as? String == "done on 3")
        #expect(calls.value == 1)
    }

    @Test func asksWhereToRunADeferredMethodAsEachRequestIsRead() {
        guard case .pending(_, let onLoop) = router(onLoop: false).route(line: slowRequest, context: context) else {
            Issue.record("test.slow was answered at once")
            return
        }
        #expect(onLoop == false)
    }

    @Test func handlesEveryKindOfMethodToItsReplyLine() async throws {
        let router = router()
        let add = Array(#"{"jsonrpc":"2.0","id":1,"method":"test.add","params":{"a":20,"b":22}}"#.utf8)
        let immediate = try object(await router.handle(line: add, context: context))
        let deferred = try object(await router.handle(line: slowRequest, context: context))
        #expect(immediate["result"] as? Int == 42)
        #expect(deferred["result"] as? String == "done on 3")
        #expect(router.methodNames == ["test.add", "test.kept", "test.slow"])
    }

    /// A deferred request's reply goes through the keeper with the policy the table gives
    /// its method and params; the keeper's own reply is what is written.
    @Test func aDeferredReplyIsKeptAsItsPolicySays() async throws {
        let seen = Mutex<[ReplyPolicy]>([])
        var router = Router(policies: { method, params in
            method == Slow.name && params?["late"] != nil ? .whenWritten : .whenDecided
        }) { policy, work in
            seen.withLock { $0.append(policy) }
            return await work()
        }
        router.register(Slow.self) { _, _ in "done" }
        let plain = try object(await router.handle(line: Array(#"{"jsonrpc":"2.0","id":1,"method":"test.slow"}"#.utf8), context: context))
        let late = try object(
            await router.handle(line: Array(#"{"jsonrpc":"2.0","id":2,"method":"test.slow","params":{"late":true}}"#.utf8), context: context))
        #expect(plain["result"] as? String == "done")
        #expect(late["result"] as? String == "done")
        #expect(seen.withLock { $0 } == [.whenDecided, .whenWritten])
    }
}
