/// A table of a TOML document with its place in the file: hands out typed values, and every
/// error it throws names the line of the key at fault. Policies and scenarios read their
/// files through it.
public struct TOMLTableReader: Sendable {
    /// The file name and key lines errors refer to.
    public struct Source: Sendable {
        /// The file, as the caller named it.
        public let file: String
        /// The line of each key of the file.
        public let lines: TOMLKeyLines
    }

    /// The table's keys and values.
    public let entries: [String: TOMLValue]
    /// Where the table sits: `[]` for the top level, `["priority", "0", "when"]`.
    public let path: [String]
    /// Where the table sits, for messages: `at the top level`, `in [[priority]]`.
    public let place: String
    /// The file the table was read from.
    public let source: Source

    /// The top-level table of the document `text`.
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the file's name or path, for errors.
    /// - Throws: ``TOMLFileError`` at the line of the first syntax error.
    public init(toml text: String, file: String) throws(TOMLFileError) {
        let entries: [String: TOMLValue]
        do {
            entries = try TOMLDocument.values(of: text)
        } catch {
            throw TOMLFileError(file: file, line: error.line ?? 1, message: error.message)
        }
        self.init(
            entries: entries, path: [], place: "at the top level",
            source: Source(file: file, lines: TOMLKeyLines(text)))
    }

    /// The table `entries` at `path` of the file `source`.
    /// - Parameters:
    ///   - entries: the table's keys and values.
    ///   - path: where the table sits.
    ///   - place: where the table sits, for messages.
    ///   - source: the file the table was read from.
    public init(entries: [String: TOMLValue], path: [String], place: String, source: Source) {
        self.entries = entries
        self.path = path
        self.place = place
        self.source = source
    }

    /// The error `message` at the line of `key`, or of the table itself.
    public func error(_ message: String, at key: String? = nil) -> TOMLFileError {
        TOMLFileError(file: source.file, line: source.lines.line(of: path + (key.map { [$0] } ?? [])), message: message)
    }

    /// Fails at the first key, by line, that is not one of `known`.
    public func requireKnown(_ known: [String]) throws(TOMLFileError) {
        let unknown = entries.keys.filter { !known.contains($0) }
            .min { (source.lines.line(of: path + [$0]), $0) < (source.lines.line(of: path + [$1]), $1) }
        guard let unknown else { return }
        throw error("unknown key \"\(unknown)\" \(place); use \(known.listed(joinedBy: "or"))", at: unknown)
    }

    /// The value of `key`, which must be given.
    public func required<Value>(_ value: Value?, _ key: String, example: String) throws(TOMLFileError) -> Value {
        guard let value else { throw error("missing key \"\(key)\" \(place); add it, e.g. \(key) = \(example)") }
        return value
    }

    /// The string at `key`, if given.
    public func string(_ key: String) throws(TOMLFileError) -> String? {
        guard let value = entries[key] else { return nil }
        guard case .string(let text) = value else { throw mistyped(key, "a string", value) }
        return text
    }

    /// The boolean at `key`, if given.
    public func boolean(_ key: String) throws(TOMLFileError) -> Bool? {
        guard let value = entries[key] else { return nil }
        guard case .boolean(let flag) = value else { throw mistyped(key, "true or false", value) }
        return flag
    }

    /// The whole number at `key`, if given.
    public func integer(_ key: String) throws(TOMLFileError) -> Int? {
        guard let value = entries[key] else { return nil }
        guard case .integer(let number) = value else { throw mistyped(key, "a whole number", value) }
        return number
    }

    /// The number at `key`, integer or float, if given.
    public func number(_ key: String) throws(TOMLFileError) -> Double? {
        switch entries[key] {
        case nil: return nil
        case .integer(let number): return Double(number)
        case .float(let number) where number.isFinite: return number
        case let value?: throw mistyped(key, "a finite number", value)
        }
    }

    /// The table at `key`, if given.
    public func table(_ key: String) throws(TOMLFileError) -> TOMLTableReader? {
        guard let value = entries[key] else { return nil }
        guard case .table(let entries) = value else { throw mistyped(key, "a table, such as { call = true }", value) }
        return TOMLTableReader(entries: entries, path: path + [key], place: "in \(key)", source: source)
    }

    /// The array of tables at `key` (`[[key]]` sections), if given.
    public func tables(_ key: String) throws(TOMLFileError) -> [TOMLTableReader]? {
        guard let value = entries[key] else { return nil }
        guard case .array(let elements) = value else { throw mistyped(key, "a list of [[\(key)]] tables", value) }
        var tables: [TOMLTableReader] = []
        for (index, element) in elements.enumerated() {
            guard case .table(let entries) = element else {
                throw mistyped(key, "a list of [[\(key)]] tables", element)
            }
            tables.append(
                TOMLTableReader(
                    entries: entries, path: path + [key, String(index)], place: "in [[\(key)]]", source: source))
        }
        return tables
    }

    /// The error for `value` at `key` not being `expected`.
    public func mistyped(_ key: String, _ expected: String, _ value: TOMLValue) -> TOMLFileError {
        error("\(key) must be \(expected), not \(value.kindDescription)", at: key)
    }
}
