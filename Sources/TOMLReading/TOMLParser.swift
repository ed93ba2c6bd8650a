/// Reads a TOML 1.0 document (https://toml.io/en/v1.0.0) into plain values, in one pass over
/// its UTF-8 bytes: the document's structure (headers, keys, which table may still be added
/// to) here, values in `TOMLParser+Values.swift`.
///
/// Every input ends in values or a ``TOMLSyntaxError`` at a line; nothing it reads can crash
/// it or make it hold more than a bounded multiple of the text: arrays and inline tables
/// nest at most ``maximumNesting`` deep and keys have at most ``maximumKeyParts`` parts, so
/// neither its recursion nor the tables it builds grow without bound.
struct TOMLParser {
    /// How deep arrays and inline tables may nest inside one another.
    static let maximumNesting = 64
    /// How many parts a dotted key or a header may have.
    static let maximumKeyParts = 64

    let bytes: [UInt8]
    var index = 0
    /// The 1-based line `index` is on.
    var line = 1
    private let root = TOMLTableBuilder(origin: .header)
    /// The table the last header opened, where key/value pairs go.
    private var current: TOMLTableBuilder

    init(_ text: String) {
        bytes = Array(text.utf8)
        current = root
        // A byte-order mark, which some editors write at the start of a UTF-8 file.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The document's top-level table.
    /// - Throws: ``TOMLSyntaxError`` at the line of the first thing that is not TOML.
    mutating func parse() throws(TOMLSyntaxError) -> [String: TOMLValue] {
        while true {
            skipBlanks()
            guard let byte = peek else { break }
            switch byte {
            case UInt8(ascii: "#"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): break
            case UInt8(ascii: "["): try header()
            default: try keyValue(into: current)
            }
            try endOfLine()
        }
        return root.plain
    }

    // MARK: Structure

    /// A `[table]` or `[[array of tables]]` header, which makes its table the current one.
    private mutating func header() throws(TOMLSyntaxError) {
        let headerLine = line
        index += 1
        let isArray = take(UInt8(ascii: "["))
        skipBlanks()
        guard let first = peek, Self.startsKey(first) else {
            throw fail("a table header needs a key inside its brackets")
        }
        let path = try key()
        skipBlanks()
        guard take(UInt8(ascii: "]")), !isArray || take(UInt8(ascii: "]")) else {
            throw fail(isArray ? "expected ]] to close the header [[\(dotted(path))" : "expected ] to close the header [\(dotted(path))")
        }
        current = try open(path, asArray: isArray, line: headerLine)
    }

    /// Walks from the top level to the table a header names, making what it passes through,
    /// and defines it (or adds an element to its array of tables).
    private func open(_ path: [String], asArray: Bool, line: Int) throws(TOMLSyntaxError) -> TOMLTableBuilder {
        let name = asArray ? "[[\(dotted(path))]]" : "[\(dotted(path))]"
        var table = root
        for (depth, part) in path.dropLast().enumerated() {
            switch table.entries[part] {
            case nil:
                let made = TOMLTableBuilder(origin: .implicit)
                table.entries[part] = .table(made)
                table = made
            case .table(let existing): table = existing
            case .tables(let elements): table = elements[elements.count - 1]
            case .value(let value):
                throw TOMLSyntaxError(
                    line: line,
                    message: "\(dotted(path[...depth])) is \(value.kindDescription), so \(name) cannot be inside it")
            }
        }
        let last = path[path.count - 1]
        let made = TOMLTableBuilder(origin: .header)
        switch (table.entries[last], asArray) {
        case (nil, false): table.entries[last] = .table(made)
        case (nil, true): table.entries[last] = .tables([made])
        case (.tables(let elements), true): table.entries[last] = .tables(elements + [made])
        case (.table(let existing), false) where existing.origin == .implicit:
            existing.origin = .header
            return existing
        case (.table(let existing), _) where existing.origin == .dotted:
            throw TOMLSyntaxError(line: line, message: "\(dotted(path)) was made by a dotted key, so \(name) cannot define it")
        case (let entry?, _):
            let already = if case .table = entry { "defined already" } else { entry.kindDescription }
            throw TOMLSyntaxError(line: line, message: "\(name) cannot be defined: \(dotted(path)) is \(already)")
        }
        return made
    }

    /// A `key = value` pair, set in `table`.
    /// - Parameter nesting: how many arrays and inline tables the pair is inside.
    mutating func keyValue(into table: TOMLTableBuilder, nesting: Int = 0) throws(TOMLSyntaxError) {
        let keyLine = line
        guard let first = peek, Self.startsKey(first) else {
            throw fail(
                nesting == 0 ? "expected a key, a [table] header or a comment, found \(describe(peek))" : "expected a key, found \(describe(peek))")
        }
        let path = try key()
        skipBlanks()
        guard take(UInt8(ascii: "=")) else { throw fail("expected = after the key \(dotted(path))") }
        skipBlanks()
        let value = try value(nesting: nesting)
        try set(value, at: path, in: table, line: keyLine)
    }

    /// Sets `value` at the dotted `path` inside `table`, making the tables a dotted key names.
    private func set(_ value: TOMLValue, at path: [String], in table: TOMLTableBuilder, line: Int) throws(TOMLSyntaxError) {
        var table = table
        for (depth, part) in path.dropLast().enumerated() {
            switch table.entries[part] {
            case nil:
                let made = TOMLTableBuilder(origin: .dotted)
                table.entries[part] = .table(made)
                table = made
            case .table(let existing) where existing.origin == .dotted: table = existing
            case let entry?:
                let what = if case .table = entry { "a table defined by a header" } else { entry.kindDescription }
                throw TOMLSyntaxError(
                    line: line, message: "\(dotted(path)) cannot be set: \(dotted(path[...depth])) is \(what)")
            }
        }
        let last = path[path.count - 1]
        if let entry = table.entries[last] {
            throw TOMLSyntaxError(line: line, message: "\(dotted(path)) is set twice: it is \(entry.kindDescription) already")
        }
        table.entries[last] = .value(value)
    }

    /// A key, bare (`a-b_1`), quoted (`"a b"`, `'a'`) or dotted (`a."b".c`).
    mutating func key() throws(TOMLSyntaxError) -> [String] {
        var parts = [try simpleKey()]
        while true {
            skipBlanks()
            guard take(UInt8(ascii: ".")) else { return parts }
            skipBlanks()
            guard parts.count < Self.maximumKeyParts else {
                throw fail("a key may have at most \(Self.maximumKeyParts) parts")
            }
            parts.append(try simpleKey())
        }
    }

    private mutating func simpleKey() throws(TOMLSyntaxError) -> String {
        switch peek {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try singleLineString()
        default:
            let start = index
            while let byte = peek, Self.isBareKey(byte) { index += 1 }
            guard index > start else { throw fail("expected a key, found \(describe(peek))") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }

    // MARK: Blanks, comments and line ends

    /// Skips spaces and tabs.
    mutating func skipBlanks() {
        while let byte = peek, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// Skips blanks, comments and line ends (inside an array).
    mutating func skipBlanksCommentsAndLines() throws(TOMLSyntaxError) {
        while true {
            skipBlanks()
            switch peek {
            case UInt8(ascii: "#"): try comment()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try newline()
            default: return
            }
        }
    }

    /// After a header or a pair: blanks, perhaps a comment, then the line's end or the text's.
    private mutating func endOfLine() throws(TOMLSyntaxError) {
        skipBlanks()
        if peek == UInt8(ascii: "#") { try comment() }
        guard peek != nil else { return }
        guard peek == UInt8(ascii: "\n") || peek == UInt8(ascii: "\r") else {
            throw fail("expected the end of the line, found \(describe(peek))")
        }
        try newline()
    }

    /// A comment up to its line's end, which stays unread.
    private mutating func comment() throws(TOMLSyntaxError) {
        while let byte = peek, byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return }
            guard !Self.isControl(byte) else { throw fail("a comment may not hold the control character \(describe(byte))") }
            index += 1
        }
    }

    /// A line end, `\n` or `\r\n`.
    mutating func newline() throws(TOMLSyntaxError) {
        if take(UInt8(ascii: "\r")), peek != UInt8(ascii: "\n") { throw fail("a carriage return must be followed by a line feed") }
        index += 1
        line += 1
    }

    // MARK: Bytes

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Steps over `byte` when it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Whether `text` comes next (not stepped over).
    func looking(at text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
    }

    /// An error at the current line.
    func fail(_ message: String) -> TOMLSyntaxError { TOMLSyntaxError(line: line, message: message) }

    /// A byte as a message shows it: `'x'`, `a line end`, `the end of the text`.
    func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the text" }
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "a line end"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }

    static func isBareKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func startsKey(_ byte: UInt8) -> Bool {
        isBareKey(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// Control characters other than tab, which TOML allows in no comment or string.
    static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F }

    func dotted(_ path: some Collection<String>) -> String {
        path.map { part in part.utf8.allSatisfy(Self.isBareKey) && !part.isEmpty ? part : "\"\(part)\"" }.joined(separator: ".")
    }
}
