import RondoProtocol
import Testing

/// ``JSONValue`` reads any JSON and writes it back meaning the same.
struct JSONValueTests {
    private func decode(_ text: String) throws -> JSONValue {
        try decodeLine(JSONValue.self, from: Array(text.utf8))
    }

    /// Decoding, encoding and decoding again gives the same value.
    @Test(arguments: [
        "null", "true", "false", "0", "-0.5", "3.25", "1e-7", "-2.5e-10", "\"\"", "\"é🎵\"", "[]", "{}",
        #"[1,"two",[3,[4,[5,{"six":[true,false,null]}]]]]"#,
        #"{"a":{"b":{"c":{"d":[{"e":"f"}]}}},"g":[]}"#,
        #"{"ключ":"значение","鍵":"値","emoji 🎧":"🎵🎶","nul":"\u0000","ctl":"\u001f\t\n\r","q":"\"\\/"}"#,
    ])
    func roundTrips(_ text: String) throws {
        let value = try decode(text)
        let reencoded = try decodeLine(JSONValue.self, from: JSONRPCCodec().encodeLine(value))
        #expect(reencoded == value)
    }

    /// Each JSON kind decodes to its own case.
    @Test func decodesEachKind() throws {
        #expect(
            try decode(#"{"n":null,"b":true,"x":-12.5,"s":"s","a":[1],"o":{"k":false}}"#)
                == .object([
                    "n": .null, "b": .bool(true), "x": .number(-12.5), "s": .string("s"), "a": .array([.number(1)]),
                    "o": .object(["k": .bool(false)]),
                ]))
    }

    /// Escapes, surrogate pairs included, decode to the characters they name.
    @Test func decodesUnicodeEscapes() throws {
        #expect(try decode(#""caf\u00e9 \ud83c\udfb5 \u2028 \"\\\/""#) == .string("café 🎵 \u{2028} \"\\/"))
    }

    /// Unicode text survives a round trip byte for byte, combining marks and all.
    @Test func roundTripsUnicodeText() throws {
        let text = "e\u{301} \u{1F1EB}\u{1F1F7} 𝄞 \u{FEFF} ℵ \u{10FFFF}"
        let value = JSONValue.string(text)
        let decoded = try decodeLine(JSONValue.self, from: JSONRPCCodec().encodeLine(value))
        guard case .string(let back) = decoded else {
            Issue.record("not a string: \(decoded)")
            return
        }
        #expect(Array(back.unicodeScalars) == Array(text.unicodeScalars))
    }

    /// Integers below 10^15 are written as integers, without a fraction or exponent.
    @Test(arguments: [0, 1, -1, 42, 1_000_000, 999_999_999_999_999, -999_999_999_999_999])
    func encodesIntegersAsIntegers(_ number: Int) {
        #expect(encodedText(JSONValue.number(Double(number))) == "\(number)")
    }

    /// Large integers that a double holds exactly, 2^53 among them, survive a round trip.
    @Test(arguments: [1e15, 9_007_199_254_740_992, -9_007_199_254_740_992, 1e20, 1e300])
    func roundTripsLargeIntegers(_ number: Double) throws {
        let decoded = try decodeLine(JSONValue.self, from: JSONRPCCodec().encodeLine(JSONValue.number(number)))
        #expect(decoded == .number(number))
    }

    /// A large integer written in full decodes to the nearest double.
    @Test func decodesLongIntegerLiterals() throws {
        #expect(try decode("9007199254740993") == .number(9_007_199_254_740_992))
        #expect(try decode("123456789012345678901234567890") == .number(1.2345678901234568e29))
    }

    /// Fractional doubles survive a round trip exactly, extremes included.
    @Test(arguments: [0.1, -2.5, 1.0 / 3.0, .leastNonzeroMagnitude, 2.2250738585072014e-308, 1.7976931348623157e308, 1234.5678])
    func roundTripsDoubles(_ number: Double) throws {
        let decoded = try decodeLine(JSONValue.self, from: JSONRPCCodec().encodeLine(JSONValue.number(number)))
        #expect(decoded == .number(number))
    }

    /// A value built in code encodes to JSON that decodes back to it, deep and wide.
    @Test func roundTripsBuiltValues() throws {
        var value = JSONValue.object(["leaf": .string("🍃"), "list": .array((0..<100).map { .number(Double($0)) })])
        for level in 0..<50 {
            value = level.isMultiple(of: 2) ? .array([value, .null]) : .object(["k\(level)": value, "b": .bool(true)])
        }
        let decoded = try decodeLine(JSONValue.self, from: JSONRPCCodec().encodeLine(value))
        #expect(decoded == value)
    }

    /// The subscript reads object members and is `nil` for anything else.
    @Test func subscriptsObjectsOnly() {
        let object = JSONValue.object(["a": .number(1)])
        #expect(object["a"] == .number(1))
        #expect(object["b"] == nil)
        #expect(JSONValue.array([.number(1)])["a"] == nil)
        #expect(JSONValue.string("a")["a"] == nil)
    }
}
