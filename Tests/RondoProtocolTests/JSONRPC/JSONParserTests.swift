import Foundation
import RondoProtocol
import RondoTesting
import Testing

/// Request lines are read exactly as JSON's grammar (RFC 8259) writes them: a line with a
/// value JSON does not have is a parse error (-32700, id null), never executed.
struct JSONParserTests {
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

    /// Numbers made of random digits, signs, points and exponents (a seeded 20,000) are read
    /// exactly when the grammar's own expression matches them and they are within a
    /// double's range (subnormal ones included).
    @Test func randomNumbersFollowTheGrammar() throws {
        let grammar = try Regex(#"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#)
        let alphabet = Array("0123456789-+.eE")
        var generator = SplitMix64(seed: 8259)
        var read = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 6) + 1
            let number = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let line = #"{"jsonrpc":"2.0","id":1,"method":"daemon.info","params":{"n":"# + number + "}}"
            let valid = number.wholeMatch(of: grammar) != nil && Double(number)?.isFinite == true
            let accepted: Bool
            if case .success = decode(line) { accepted = true } else { accepted = false }
            #expect(accepted == valid, "\(number)")
            if accepted { read += 1 }
        }
        #expect(read > 1_000)
    }

    /// Numbers read as the nearest double, whole ones (read without text) included: random
    /// integers of 1 to 20 digits, either sign, read back as `Double(text)` gives them.
    @Test func numbersReadAsTheirNearestDouble() throws {
        var generator = SplitMix64(seed: 1015)
        for _ in 0..<5_000 {
            let digits = Int(generator.next() % 20) + 1
            var text = String(generator.next() % 9 + 1) + String((1..<digits).map { _ in Character(String(generator.next() % 10)) })
            if generator.next() % 2 == 0 { text = "-" + text }
            if generator.next() % 8 == 0 { text += ".25" }
            let line = #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"n":"# + text + "}}"
            guard case .success(let request) = decode(line) else {
                Issue.record("refused \(text)")
                continue
            }
            let expected = try #require(Double(text))
            #expect(request.params == .object(["n": .number(expected)]), "\(text)")
        }
        guard case .success(let negativeZero) = decode(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"n":-0}}"#),
            case .object(let members)? = negativeZero.params, case .number(let zero)? = members["n"]
        else {
            Issue.record("refused -0")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
    }

    /// The envelope's members are read as an object's: a repeated one keeps its last value,
    /// members it does not read must still be valid JSON, and a line that is JSON but no
    /// object is an invalid request (-32600), not a parse error.
    @Test func envelopeMembersFollowTheObjectRules() {
        guard case .success(let repeated) = decode(#"{"jsonrpc":"2.0","id":1,"method":"a","extra":[1,{"x":null}],"id":2,"method":"b"}"#)
        else {
            Issue.record("refused a repeated member")
            return
        }
        #expect(repeated.id == .number(2))
        #expect(repeated.method == "b")
        for line in [#"{"jsonrpc":"2.0","extra":tru,"id":1,"method":"m"}"#, #"{"jsonrpc":"2.0","id":1,"method":"m","extra":"\q"}"#] {
            guard case .failure(let failure) = decode(line) else {
                Issue.record("accepted \(line)")
                continue
            }
            #expect(failure.error.code == -32700)
        }
        for line in [#"[{"jsonrpc":"2.0","id":1,"method":"m"}]"#, #""text""#, "12", " null "] {
            guard case .failure(let failure) = decode(line) else {
                Issue.record("accepted \(line)")
                continue
            }
            #expect(failure.error.code == -32600)
        }
    }

    /// An envelope's keys are the same keys however they are spelled: escaped, non-ASCII
    /// neighbours, or one letter off, which names another member.
    @Test func envelopeKeysAreReadAsStrings() {
        guard case .success(let escaped) = decode(#"{"\u006Asonrpc":"2.0","i\u0064":3,"met\u0068od":"a","params\u0000":1}"#) else {
            Issue.record("refused escaped envelope keys")
            return
        }
        #expect(escaped.id == .number(3))
        #expect(escaped.method == "a")
        #expect(escaped.params == nil)
        for line in [
            #"{"jsonrpc":"2.0","id":1,"methods":"m"}"#, #"{"jsonrpc":"2.0","id":1,"méthod":"m"}"#, #"{"jsonrpc":"2.0","id":1,"Method":"m"}"#,
        ] {
            guard case .failure(let failure) = decode(line) else {
                Issue.record("read a method from \(line)")
                continue
            }
            #expect(failure.error.code == -32600)
        }
        guard case .success(let other) = decode(#"{"jsonrpc":"2.0","id":1,"method":"m","paramz":[1],"params":{"x":1}}"#) else {
            Issue.record("refused a line with a member one letter off params")
            return
        }
        #expect(other.params == .object(["x": .number(1)]))
    }

    /// Strings keep every character through escapes: the eight short ones, `\u` escapes and
    /// surrogate pairs; a lone surrogate or a raw control character is refused.
    @Test func stringsAreReadExactly() {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"a\"b\\c\/d\b\f\n\r\t\u00e9\uD83D\uDE00é"}"#
        guard case .success(let request) = decode(line) else {
            Issue.record("refused \(line)")
            return
        }
        #expect(request.method == "a\"b\\c/d\u{08}\u{0C}\n\r\té😀é")
        for refused in [#""\uD83D""#, #""\uDE00x""#, #""\uD83D\u0041""#, "\"a\u{01}b\""] {
            let bad = #"{"jsonrpc":"2.0","id":1,"method":"# + refused + "}"
            guard case .failure(let failure) = decode(bad) else {
                Issue.record("accepted \(bad)")
                continue
            }
            #expect(failure.error.code == -32700)
        }
    }

    /// Random documents written by Foundation's encoder (a seeded 2,000, nested, with every
    /// kind of value and escapes) read back as the same values.
    @Test func encodedDocumentsReadBackEqual() throws {
        var generator = SplitMix64(seed: 7159)
        for _ in 0..<2_000 {
            let params = randomValue(depth: 0, &generator)
            let data = try JSONEncoder().encode(["jsonrpc": JSONValue.string("2.0"), "method": .string("m"), "params": .object(["p": params])])
            guard case .success(let request) = decode(String(decoding: data, as: UTF8.self)) else {
                Issue.record("refused \(String(decoding: data, as: UTF8.self))")
                continue
            }
            #expect(request.params == .object(["p": params]))
        }
    }

    private func randomValue(depth: Int, _ generator: inout SplitMix64) -> JSONValue {
        let characters = Array("aZ09 \"\\/\n\t\u{01}é€😀")
        switch generator.next() % (depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2:
            let whole = Double(Int64(bitPattern: generator.next()) % 1_000_000)
            return .number(generator.next() % 2 == 0 ? whole : whole / 64)
        case 3:
            let count = Int(generator.next() % 8)
            return .string(String((0..<count).map { _ in characters[Int(generator.next() % UInt64(characters.count))] }))
        case 4: return .array((0..<Int(generator.next() % 4)).map { _ in randomValue(depth: depth + 1, &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for index in 0..<Int(generator.next() % 4) { members["k\(index)"] = randomValue(depth: depth + 1, &generator) }
            return .object(members)
        }
    }
}
