import CMalloc
import Foundation
import Testing

@testable import TOMLReading

@Suite struct TOMLParserTests {
    private func parse(_ text: String) throws(TOMLSyntaxError) -> [String: TOMLValue] {
        try TOMLDocument.values(of: text)
    }

    /// The error a text gives, or `nil` when it parses.
    private func failure(_ text: String) -> TOMLSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// Keys of every kind, tables, arrays of tables and nested tables become plain values.
    @Test func readsStructure() throws {
        let values = try parse(
            """
            # a policy
            name = "x"
            'quoted key' = 1
            "basic \\u00e9" = 2
            dotted.inner.key = true
            spaced . key = 3
            [[rule]]
            when = { call = true, deep.er = 1 }
            [[ rule ]]
              style = "none"
            [rule.extra]
            n = -0
            [a.b.c]
            x = 1
            [a]
            y = 2
            [a.b]
            z = 3
            """)
        #expect(values["name"] == .string("x"))
        #expect(values["quoted key"] == .integer(1))
        #expect(values["basic é"] == .integer(2))
        #expect(values["dotted"] == .table(["inner": .table(["key": .boolean(true)])]))
        #expect(values["spaced"] == .table(["key": .integer(3)]))
        #expect(
            values["rule"]
                == .array([
                    .table(["when": .table(["call": .boolean(true), "deep": .table(["er": .integer(1)])])]),
                    .table(["style": .string("none"), "extra": .table(["n": .integer(0)])]),
                ]))
        #expect(
            values["a"] == .table(["y": .integer(2), "b": .table(["z": .integer(3), "c": .table(["x": .integer(1)])])]))
    }

    /// Each kind of scalar reads as TOML 1.0 spells it.
    @Test(arguments: [
        ("\"tab\\there \\\"q\\\" \\\\ \\U0001F600\"", TOMLValue.string("tab\there \"q\" \\ 😀")),
        ("'C:\\path\\no escapes'", .string("C:\\path\\no escapes")),
        ("\"\"\"\nfirst\nsecond\"\"\"", .string("first\nsecond")),
        ("\"\"\"one \\\n    two\"\"\"", .string("one two")),
        ("\"\"\"\"quoted\"\"\"\"", .string("\"quoted\"")),
        ("'''\nraw \\n '' text'''", .string("raw \\n '' text")),
        ("\"\"", .string("")),
        ("+99", .integer(99)), ("-17", .integer(-17)), ("1_000_000", .integer(1_000_000)),
        ("0xDEAD_beef", .integer(0xDEAD_BEEF)), ("0o755", .integer(0o755)), ("0b1101", .integer(13)),
        ("9223372036854775807", .integer(Int.max)), ("-9223372036854775808", .integer(Int.min)),
        ("3.25", .float(3.25)), ("-0.5e-2", .float(-0.005)), ("1E6", .float(1e6)), ("6.626_07e-34", .float(6.62607e-34)),
        ("inf", .float(.infinity)), ("-inf", .float(-.infinity)),
        ("true", .boolean(true)), ("false", .boolean(false)),
        ("1979-05-27", .other("date")), ("07:32:00.999", .other("time")), ("1979-05-27T07:32:00Z", .other("date-time")),
        ("1979-05-27 07:32:00-07:00", .other("date-time")), ("1979-05-27t00:32:00.5+01:30", .other("date-time")),
        ("[ 1, [2, \"x\"], { a = 1 }, ]", .array([.integer(1), .array([.integer(2), .string("x")]), .table(["a": .integer(1)])])),
        ("[\n  1, # one\n  # nothing\n  2\n]", .array([.integer(1), .integer(2)])),
        ("{}", .table([:])),
    ])
    func readsScalar(text: String, expected: TOMLValue) throws {
        #expect(try parse("v = \(text)\n")["v"] == expected)
    }

    /// `nan` is a float, and not equal to itself.
    @Test func readsNotANumber() throws {
        guard case .float(let value)? = try parse("v = -nan")["v"] else {
            Issue.record("not a float")
            return
        }
        #expect(value.isNaN)
    }

    /// Line ends of either kind, no line end at the end and a byte-order mark all read alike.
    @Test func readsEitherLineEnd() throws {
        #expect(try parse("a = 1\r\nb = 2 # c\r\n") == ["a": .integer(1), "b": .integer(2)])
        #expect(try parse("a = 1") == ["a": .integer(1)])
        #expect(try parse("") == [:])
        #expect(try parse("\u{FEFF}a = 1\n") == ["a": .integer(1)])
    }

    private static let noValue =
        "expected a value (a string in quotes, a number, true, false, a date, [an array] or {an inline table}), "
        + "found the end of the text"

    /// Whatever TOML 1.0 forbids is an error at its line, with a message that says what is wrong.
    @Test(arguments: [
        ("name = \"x\"\nname = \"y\"\n", 2, "name is set twice: it is a string already"),
        ("[!]\nname = \"x\"", 1, "a table header needs a key inside its brackets"),
        ("name = 1\n[.a]", 2, "a table header needs a key inside its brackets"),
        ("[[=]]", 1, "a table header needs a key inside its brackets"),
        ("a = 1\r\n[ #]", 2, "a table header needs a key inside its brackets"),
        ("[\n]", 1, "a table header needs a key inside its brackets"),
        ("[a]\n[a]", 2, "[a] cannot be defined: a is defined already"),
        ("[a]\nb = 1\n[a.b]", 3, "[a.b] cannot be defined: a.b is an integer"),
        ("[a]\nb.c = 1\n[a.b]", 3, "a.b was made by a dotted key, so [a.b] cannot define it"),
        ("[a.b]\n[a]\nb.c = 1", 3, "b.c cannot be set: b is a table defined by a header"),
        ("a = [1]\n[[a]]", 2, "[[a]] cannot be defined: a is an array"),
        ("[[a]]\n[a]", 2, "[a] cannot be defined: a is an array of tables"),
        ("a = { b = 1 }\na.c = 2", 2, "a.c cannot be set: a is a table"),
        ("a = { b = 1 }\n[a.c]", 2, "a is a table, so [a.c] cannot be inside it"),
        ("a = { b = 1, b = 2 }", 1, "b is set twice: it is an integer already"),
        ("a = { b = 1, }", 1, "expected a key, found '}'"),
        ("a = { b = 1\n}", 1, "expected , or } in an inline table (which must end on its line), found a line end"),
        ("a = debug # chatty", 1, "debug is not a TOML value: not an integer, a float, a date or a time; strings are written in quotes"),
        ("a = \"open\nb = 1", 1, "a string in \" must end on its line; write \"\"\" around a text of several lines"),
        ("a = \"x\" b = 1", 1, "expected the end of the line, found 'b'"),
        ("a = \"\\q\"", 1, "\\q is no escape; use \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX or \\UXXXXXXXX"),
        ("a = \"\\uD800\"", 1, "\\u must be followed by 4 hex digits of a Unicode scalar"),
        ("a = \"\u{1}\"", 1, "a string may not hold the control character byte 0x1; escape it"),
        ("a = 1 # \u{7F}", 1, "a comment may not hold the control character byte 0x7F"),
        ("a = 1\rb = 2", 1, "a carriage return must be followed by a line feed"),
        ("a = [1 2]", 1, "expected , or ] in an array, found '2'"),
        ("a = [1,\n2,\n", 3, noValue),
        ("a =", 1, noValue),
        ("= 1", 1, "expected a key, a [table] header or a comment, found '='"),
        ("a 1", 1, "expected = after the key a"),
        ("[a\nb = 1", 1, "expected ] to close the header [a"),
        ("[[a]\n", 1, "expected ]] to close the header [[a"),
        ("a = \"\"\"x", 1, "a string in \"\"\" is not closed"),
        ("a = '''x\n\ny", 3, "a string in ''' is not closed"),
        ("a = \"\"\"x\"\"\"\"\"\"", 1, "too many quotes close a multi-line string"),
    ])
    func refuses(text: String, line: Int, message: String) {
        #expect(failure(text) == TOMLSyntaxError(line: line, message: "not valid TOML: \(message)"))
    }

    /// Numbers, dates and times TOML 1.0 does not spell are refused.
    @Test(arguments: [
        "01", "+0x1", "0x", "1__0", "_1", "1_", "9223372036854775808", "1.", ".5", "1e", "1.e5", "1e5.5", "00.5", "0b102",
        "truex", "1979-13-27", "1979-05-32", "24:00:00", "07:32", "1979-05-27T07:32:00+25:00", "1979-05-27T", "nan1", "+-1",
    ])
    func refusesMalformedScalar(text: String) {
        #expect(failure("v = \(text)") != nil)
    }

    /// Arrays and inline tables nest as deep as the bound and no deeper, and long dotted keys
    /// are refused, so no text can exhaust the stack.
    @Test func boundsNestingAndKeyLength() throws {
        let deepest = TOMLParser.maximumNesting
        #expect(failure("v = " + String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest)) == nil)
        #expect(failure("v = " + String(repeating: "{a=", count: deepest) + "1" + String(repeating: "}", count: deepest)) == nil)
        #expect(
            failure("v = " + String(repeating: "[", count: deepest + 1))
                == TOMLSyntaxError(line: 1, message: "not valid TOML: arrays and inline tables may nest at most \(deepest) deep"))
        #expect(failure("v = " + String(repeating: "[", count: 100_000)) != nil)
        let longKey = Array(repeating: "k", count: TOMLParser.maximumKeyParts + 1).joined(separator: ".")
        #expect(failure("\(longKey) = 1")?.message == "not valid TOML: a key may have at most 64 parts")
        #expect(failure("[\(longKey)]")?.message == "not valid TOML: a key may have at most 64 parts")
    }
}

/// Parsing keeps nothing once its values are dropped: a daemon that opens a sandbox, and so
/// reads a policy file, thousands of times holds no more for it.
@Suite struct TOMLParserMemoryTests {
    /// Rounds of a thousand parses of the largest packaged policy leave the heap's bytes in
    /// use where they were (the parser before this one kept 60 KB of every parse of it). The
    /// heap is the whole process's, shared with suites running meanwhile, so the smallest
    /// growth of five rounds is the parser's.
    @Test func parsingFreesWhatItTook() throws {
        let policies = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Config/policies/automotive.toml").standardized
        let text = try String(contentsOf: policies, encoding: .utf8)
        func parse(times: Int) throws {
            for _ in 0..<times { #expect(try !TOMLDocument.values(of: text).isEmpty) }
        }
        try parse(times: 200)
        var growths: [Int] = []
        for _ in 0..<5 {
            let before = mallinfo2().uordblks
            try parse(times: 1_000)
            let after = mallinfo2().uordblks
            growths.append(after > before ? after - before : 0)
        }
        let least = growths.min() ?? 0
        #expect(least < 4 << 20, "the heap grew by at least \(least) bytes in each round of 1,000 parses: \(growths)")
    }
}
