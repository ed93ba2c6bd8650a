import RondoProtocol
import Testing

/// The standard JSON-RPC error objects of SPEC §2.
struct RPCErrorTests {
    /// Each standard constructor uses the code JSON-RPC 2.0 assigns it, with no domain detail.
    @Test(arguments: [
        (RPCError.parseError("p"), -32700), (.invalidRequest("r"), -32600), (.methodNotFound("x.y"), -32601),
        (.invalidParams("q"), -32602), (.internalError("i"), -32603),
    ])
    func usesStandardCode(_ error: RPCError, _ code: Int) {
        #expect(error.code == code)
        #expect(error.data == nil)
        #expect(!error.message.isEmpty)
    }

    /// A standard error leaves `data` out on the wire.
    @Test func encodesStandardErrorWithoutData() throws {
        let value = try decodeLine(JSONValue.self, from: JSONRPCCodec().encodeLine(RPCError.invalidRequest("bad")))
        #expect(value == .object(["code": .number(-32600), "message": .string("bad")]))
    }

    /// The unknown-method message names the method, so the user sees the typo.
    @Test func namesTheUnknownMethod() {
        #expect(RPCError.methodNotFound("queue.shufle").message.contains("'queue.shufle'"))
    }
}
