import RondoProtocol
import RondoTesting
import Testing

/// Request lines are read exactly as JSON's grammar (RFC 8259) writes them: a line with a
/// value JSON does not have is a parse error (-32700, id null), never executed.
struct JSONGrammarTests {
    private let codec = JSONRPCCodec()

    /// The codec's verdict on `line`: the request, or the failure.
    private func decode(_ line: String) -> Result<JSONRPCCodec.IncomingRequest, FailedRequest> {
        do throws(FailedRequest) {
            return .success(try codec.decodeRequest(Array(line.utf8)))
        } catch {
            return .failure(error)
        }
    }

    /// Lines whose values break the grammar get -32700 with no id, whatever else they hold.
    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":00}"#,
        #"{"jsonrpc":1e,"id":1,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":01,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":-,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":1.,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":.5,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":+1,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":1e+,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":0x10,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":NaN,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":Infinity,"method":"daemon.info"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info",}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info","params":[1,]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info"} x"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info"}{}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon\x.info"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon\u12.info"}"#,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon\t.info\"}",
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info","params":{"a":tru}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info","params":{"a":nulls}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info","params":{'a':1}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.info" /* note */}"#,
        #"{"jsonrpc":"2.0" "id":1}"#,
    ])
    func invalidValuesAreParseErrors(line: String) {
        guard case .failure(let failure) = decode(line) else {
            Issue.record("accepted \(line)")
            return
        }
        #expect(failure.error.code == -32700)
        #expect(failure.id == nil)
    }

    /// Every form of value the grammar allows still reads.
    @Test(arguments: [
        "0", "-0", "0.5", "-0.5", "1e5", "1E-5", "-1.5e+3", "123456789", "2.5E10", "true", "false", "null",
        #""a\"b\\c\/d\b\f\n\r\t\u00e9\uD83D\uDE00""#, "[]", "[1,[2,[3]]]", "{}", #"{"a":{"b":[null]}}"#,
        " \t\r\n [ 1 , 2 ] \t",
    ])
    func validValuesRead(value: String) {
        let line = #"{"jsonrpc":"2.0","id":7,"method":"daemon.info","params":{"v":"# + value + "}}"
        guard case .success(let request) = decode(line) else {
            Issue.record("refused \(line)")
            return
        }
        #expect(request.id == .number(7))
    }

    /// Numbers made of random digits, signs, points and exponents (a seeded 20,000): none the
    /// grammar's own expression refuses is ever read, and every one it matches without an
    /// exponent is. (With an exponent the decoder also refuses values outside a double's
    /// normal range and a bare `0e5`: they are answered as parse errors, never misread.)
    @Test func randomNumbersFollowTheGrammar() throws {
        let grammar = try Regex(#"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#)
        let alphabet = Array("0123456789-+.eE")
        var generator = SplitMix64(seed: 8259)
        var read = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 6) + 1
            let number = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let line = #"{"jsonrpc":"2.0","id":1,"method":"daemon.info","params":{"n":"# + number + "}}"
            let valid = number.wholeMatch(of: grammar) != nil
            guard case .success = decode(line) else {
                #expect(!valid || number.contains(where: { $0 == "e" || $0 == "E" }), "refused \(number)")
                continue
            }
            #expect(valid, "read \(number)")
            read += 1
        }
        #expect(read > 1_000)
    }
}
