import Testing

@testable import TOMLReading

@Suite struct TOMLKeyLinesTests {
    /// Keys, headers and array-of-tables elements are found at their lines; an unwritten key
    /// falls back to its table's line, and anything else to line 1.
    @Test func findsKeysTablesAndElements() {
        let lines = TOMLKeyLines(
            """
            # policy
            name = "x"
            'quoted key' = 1
            [[rule]]
            when = { call = true }
            [[ rule ]]
              style = "none"
            [rule.extra]
            deep.key = 3
            text = '''
            fake = 1
            '''
            after = 2
            """
        )
        #expect(lines.line(of: ["name"]) == 2)
        #expect(lines.line(of: ["quoted key"]) == 3)
        #expect(lines.line(of: ["rule", "0"]) == 4)
        #expect(lines.line(of: ["rule", "0", "when", "call"]) == 5)
        #expect(lines.line(of: ["rule", "1"]) == 6)
        #expect(lines.line(of: ["rule", "1", "style"]) == 7)
        #expect(lines.line(of: ["rule", "1", "missing"]) == 6)
        #expect(lines.line(of: ["rule", "1", "extra"]) == 8)
        #expect(lines.line(of: ["rule", "1", "extra", "deep", "key"]) == 9)
        #expect(lines.line(of: ["rule", "1", "extra", "fake"]) == 8)
        #expect(lines.line(of: ["rule", "1", "extra", "after"]) == 13)
        #expect(lines.line(of: ["nowhere"]) == 1)
    }

    /// A TOML file error prints as FILE:LINE: message.
    @Test func errorDescription() {
        #expect(TOMLFileError(file: "a/b.toml", line: 7, message: "bad").description == "a/b.toml:7: bad")
    }
}
