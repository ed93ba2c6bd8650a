import TOMLReading
import Testing

/// Finding the line each key of a TOML document is on, for error messages.
struct TOMLKeyLinesConfigTests {
    /// Keys, table headers, quoted and dotted keys are found at their lines; a key that is
    /// not written falls back to its table's line.
    @Test func findsKeysAndTables() {
        let lines = TOMLKeyLines(
            """
            # rondo
            a = 1

            "quoted key" = 2
            pulse.server = "x"
            [ table ]
              inner = 'y'
            dotted . deep = 3
            [[list]]
            """)
        #expect(lines.line(of: ["a"]) == 2)
        #expect(lines.line(of: ["quoted key"]) == 4)
        #expect(lines.line(of: ["pulse"]) == 5)
        #expect(lines.line(of: ["pulse", "server"]) == 5)
        #expect(lines.line(of: ["table"]) == 6)
        #expect(lines.line(of: ["table", "inner"]) == 7)
        #expect(lines.line(of: ["table", "dotted", "deep"]) == 8)
        #expect(lines.line(of: ["table", "unwritten"]) == 6)
        #expect(lines.line(of: ["list"]) == 9)
        #expect(lines.line(of: ["nowhere"]) == 1)
    }

    /// Text inside a multi-line string is not taken for keys.
    @Test func skipsMultilineStrings() {
        let lines = TOMLKeyLines(
            """
            text = \"\"\"
            b = not a key
            \"\"\"
            literal = '''
            b = still not'''
            b = 1
            """)
        #expect(lines.line(of: ["b"]) == 6)
        #expect(lines.line(of: ["literal"]) == 4)
    }
}
