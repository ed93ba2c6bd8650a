import RondoProtocol
import Testing

/// The domain error codes of SPEC §9 and the JSON-RPC codes they travel under.
struct ErrorCodeTests {
    /// The stable codes of SPEC §9, copied verbatim and in its order, then the one §10 adds.
    static let specCodes = [
        "badParam", "notFound", "noSuchSession", "sessionNotActive", "insufficientPriority",
        "cannotInterruptOthers", "isBusy", "contentLimitExceeded", "indexOutOfRange", "libraryBusy",
        "decodeFailed", "pulseUnavailable", "permissionDenied", "unreachable",
    ]

    /// The enum names exactly the codes SPEC §9 and §10 list, spelled the same.
    @Test func namesExactlyTheSpecCodes() {
        #expect(ErrorCode.allCases.map(\.rawValue) == Self.specCodes)
    }

    /// Every domain code maps into -32000…-32099, and no two share a number.
    @Test func mapsIntoTheDomainRangeWithoutClashes() {
        let numbers = ErrorCode.allCases.map(\.rpcCode)
        #expect(numbers.allSatisfy { (-32099)...(-32000) ~= $0 })
        #expect(Set(numbers).count == numbers.count)
    }

    /// The numbers are part of the wire contract once released: pin them.
    @Test(arguments: [
        (ErrorCode.badParam, -32000), (.notFound, -32001), (.noSuchSession, -32002), (.sessionNotActive, -32003),
        (.insufficientPriority, -32004), (.cannotInterruptOthers, -32005), (.isBusy, -32006),
        (.contentLimitExceeded, -32007), (.indexOutOfRange, -32008), (.libraryBusy, -32009),
        (.decodeFailed, -32010), (.pulseUnavailable, -32011), (.permissionDenied, -32012), (.unreachable, -32013),
    ])
    func pinsRPCCode(_ code: ErrorCode, _ rpcCode: Int) {
        #expect(code.rpcCode == rpcCode)
    }

    /// A domain error carries its number in `code` and its stable name in `data.code`.
    @Test(arguments: ErrorCode.allCases)
    func encodesDomainErrorWithDataCode(_ code: ErrorCode) throws {
        let value = try decodeLine(JSONValue.self, from: JSONRPCCodec().encodeLine(RPCError(code, "what went wrong")))
        #expect(
            value
                == .object([
                    "code": .number(Double(code.rpcCode)), "message": .string("what went wrong"),
                    "data": .object(["code": .string(code.rawValue)]),
                ]))
        #expect(try decodeLine(RPCError.self, from: JSONRPCCodec().encodeLine(RPCError(code, "m"))) == RPCError(code, "m"))
    }

    /// An unknown `data.code` from a newer daemon is refused, not read as some other code.
    @Test func refusesUnknownDataCode() {
        let line = Array(#"{"code":-32050,"message":"m","data":{"code":"tooLoud"}}"#.utf8)
        #expect(throws: (any Error).self) { try decodeLine(RPCError.self, from: line) }
    }
}
