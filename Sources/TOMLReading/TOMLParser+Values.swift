/// Values: strings of the four kinds, integers, floats, booleans, dates and times, arrays
/// and inline tables.
extension TOMLParser {
    /// The value that starts here.
    /// - Parameter nesting: how many arrays and inline tables it is inside.
    mutating func value(nesting: Int) throws(TOMLSyntaxError) -> TOMLValue {
        switch peek {
        case let quote? where quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"):
            return .string(startsTriple(of: quote) ? try multilineString() : try singleLineString())
        case UInt8(ascii: "["):
            return try array(nesting: nesting + 1)
        case UInt8(ascii: "{"):
            return try inlineTable(nesting: nesting + 1)
        case UInt8(ascii: "t") where looking(at: "true"):
            index += 4
            return .boolean(true)
        case UInt8(ascii: "f") where looking(at: "false"):
            index += 5
            return .boolean(false)
        case let byte? where byte == UInt8(ascii: "+") || Self.isBareKey(byte):
            // Numbers, dates, inf and nan; any other word is refused there as a string without quotes.
            return try numberOrDate()
        default:
            throw fail(
                "expected a value (a string in quotes, a number, true, false, a date, [an array] or {an inline table}), found \(describe(peek))"
            )
        }
    }

    // MARK: Arrays and inline tables

    private mutating func array(nesting: Int) throws(TOMLSyntaxError) -> TOMLValue {
        guard nesting <= Self.maximumNesting else {
            throw fail("arrays and inline tables may nest at most \(Self.maximumNesting) deep")
        }
        index += 1
        var elements: [TOMLValue] = []
        while true {
            try skipBlanksCommentsAndLines()
            if take(UInt8(ascii: "]")) { return .array(elements) }
            elements.append(try value(nesting: nesting))
            try skipBlanksCommentsAndLines()
            if take(UInt8(ascii: "]")) { return .array(elements) }
            guard take(UInt8(ascii: ",")) else { throw fail("expected , or ] in an array, found \(describe(peek))") }
        }
    }

    private mutating func inlineTable(nesting: Int) throws(TOMLSyntaxError) -> TOMLValue {
        guard nesting <= Self.maximumNesting else {
            throw fail("arrays and inline tables may nest at most \(Self.maximumNesting) deep")
        }
        index += 1
        let table = TOMLTableBuilder(origin: .header)
        skipBlanks()
        if take(UInt8(ascii: "}")) { return .table([:]) }
        while true {
            skipBlanks()
            try keyValue(into: table, nesting: nesting)
            skipBlanks()
            if take(UInt8(ascii: "}")) { return .table(table.plain) }
            guard take(UInt8(ascii: ",")) else {
                throw fail("expected , or } in an inline table (which must end on its line), found \(describe(peek))")
            }
        }
    }

    // MARK: Strings

    /// A string on one line: basic (`"…"`, with escapes) or literal (`'…'`, without), by the
    /// quote that opens it.
    mutating func singleLineString() throws(TOMLSyntaxError) -> String {
        let quote = bytes[index]
        let delimiter = Character(Unicode.Scalar(quote))
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = peek else { throw fail("a string in \(delimiter) is not closed") }
            switch byte {
            case quote:
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""): try escape(into: &text)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                let triple = String(repeating: delimiter, count: 3)
                throw fail("a string in \(delimiter) must end on its line; write \(triple) around a text of several lines")
            default:
                try plainByte(byte, into: &text)
            }
        }
    }

    /// A string of several lines: basic (three `"`, with escapes, where a `\` at a line's end
    /// joins the next non-blank text) or literal (three `'`), by the quotes that open it; a
    /// line end right after the opening quotes is not part of it.
    private mutating func multilineString() throws(TOMLSyntaxError) -> String {
        let quote = bytes[index]
        let triple = String(repeating: Character(Unicode.Scalar(quote)), count: 3)
        index += 3
        try trimFirstLineEnd()
        var text: [UInt8] = []
        while true {
            guard let byte = peek else { throw fail("a string in \(triple) is not closed") }
            switch byte {
            case quote where startsTriple(of: quote):
                try closeMultiline(quote: byte, into: &text)
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""):
                if try !lineEndingBackslash() { try escape(into: &text) }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try lineEnd(into: &text)
            default:
                try plainByte(byte, into: &text)
            }
        }
    }

    /// Whether `quote` comes three times from here.
    private func startsTriple(of quote: UInt8) -> Bool {
        index + 2 < bytes.count && bytes[index] == quote && bytes[index + 1] == quote && bytes[index + 2] == quote
    }

    private mutating func trimFirstLineEnd() throws(TOMLSyntaxError) {
        if peek == UInt8(ascii: "\n") || peek == UInt8(ascii: "\r") { try newline() }
    }

    /// The closing quotes of a multi-line string, of which up to two more belong to its text
    /// (`""""a""""` is `"a"`).
    private mutating func closeMultiline(quote: UInt8, into text: inout [UInt8]) throws(TOMLSyntaxError) {
        var count = 0
        while peek == quote {
            count += 1
            index += 1
        }
        guard count <= 5 else { throw fail("too many quotes close a multi-line string") }
        text.append(contentsOf: repeatElement(quote, count: count - 3))
    }

    /// A line end inside a multi-line string, kept as written.
    private mutating func lineEnd(into text: inout [UInt8]) throws(TOMLSyntaxError) {
        let start = index
        try newline()
        text.append(contentsOf: bytes[start..<index])
    }

    /// A `\` followed by blanks to its line's end: it and every blank and line end after it
    /// are skipped. Returns `false`, reading nothing, for any other `\`.
    private mutating func lineEndingBackslash() throws(TOMLSyntaxError) -> Bool {
        var next = index + 1
        while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") { next += 1 }
        guard next < bytes.count, bytes[next] == UInt8(ascii: "\n") || bytes[next] == UInt8(ascii: "\r") else { return false }
        index = next
        try skipBlanksAndLines()
        return true
    }

    private mutating func skipBlanksAndLines() throws(TOMLSyntaxError) {
        while true {
            skipBlanks()
            guard peek == UInt8(ascii: "\n") || peek == UInt8(ascii: "\r") else { return }
            try newline()
        }
    }

    /// A byte of a string's text, which must not be a control character.
    private mutating func plainByte(_ byte: UInt8, into text: inout [UInt8]) throws(TOMLSyntaxError) {
        guard !Self.isControl(byte) else { throw fail("a string may not hold the control character \(describe(byte)); escape it") }
        text.append(byte)
        index += 1
    }

    /// An escape sequence of a basic string: `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`.
    private mutating func escape(into text: inout [UInt8]) throws(TOMLSyntaxError) {
        index += 1
        guard let letter = peek else { throw fail("a string ends in the middle of an escape") }
        index += 1
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter
            default: nil
            }
        if let simple {
            text.append(simple)
            return
        }
        let digits = letter == UInt8(ascii: "u") ? 4 : letter == UInt8(ascii: "U") ? 8 : 0
        guard digits > 0 else {
            throw fail("\\\(Character(Unicode.Scalar(letter))) is no escape; use \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX or \\UXXXXXXXX")
        }
        guard index + digits <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + digits], as: UTF8.self), radix: 16),
            bytes[index..<index + digits].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let scalar = Unicode.Scalar(value)
        else { throw fail("\\\(Character(Unicode.Scalar(letter))) must be followed by \(digits) hex digits of a Unicode scalar") }
        index += digits
        text.append(contentsOf: String(Character(scalar)).utf8)
    }

    // MARK: Numbers, dates and times

    /// An integer, a float, or a date or time, told apart by their text.
    private mutating func numberOrDate() throws(TOMLSyntaxError) -> TOMLValue {
        let start = index
        while let byte = peek,
            Self.isBareKey(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
        {
            index += 1
        }
        // A date and a time may be parted by a space: "1979-05-27 07:32:00".
        if TOMLScalar.isDate(bytes[start..<index]), index + 3 < bytes.count, bytes[index] == UInt8(ascii: " "),
            bytes[index + 3] == UInt8(ascii: ":"), bytes[index + 1...index + 2].allSatisfy(TOMLScalar.isDigit)
        {
            index += 1
            while let byte = peek,
                Self.isBareKey(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: ":")
            {
                index += 1
            }
        }
        let token = bytes[start..<index]
        if let value = TOMLScalar.value(of: token) { return value }
        throw TOMLSyntaxError(
            line: line,
            message: "\(String(decoding: token, as: UTF8.self)) is not a TOML value: not an integer, a float, a date or a time"
                + (token.contains(UInt8(ascii: ".")) || token.allSatisfy(Self.isBareKey) ? "; strings are written in quotes" : ""))
    }
}
