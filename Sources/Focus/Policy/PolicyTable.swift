/// A table of a policy document with its place in the file: hands out typed values, and
/// every error it throws names the line of the key at fault.
struct PolicyTable {
    /// The file name and key lines errors refer to.
    struct Source {
        let file: String
        let lines: TOMLKeyLines
    }

    let entries: [String: PolicyValue]
    /// Where the table sits: `[]` for the top level, `["priority", "0", "when"]`.
    let path: [String]
    /// Where the table sits, for messages: `at the top level`, `in [[priority]]`.
    let place: String
    let source: Source

    /// The error `message` at the line of `key`, or of the table itself.
    func error(_ message: String, at key: String? = nil) -> PolicyError {
        PolicyError(file: source.file, line: source.lines.line(of: path + (key.map { [$0] } ?? [])), message: message)
    }

    /// Fails at the first key, by line, that is not one of `known`.
    func requireKnown(_ known: [String]) throws(PolicyError) {
        let unknown = entries.keys.filter { !known.contains($0) }
            .min { (source.lines.line(of: path + [$0]), $0) < (source.lines.line(of: path + [$1]), $1) }
        guard let unknown else { return }
        throw error("unknown key \"\(unknown)\" \(place); use \(known.listed(joinedBy: "or"))", at: unknown)
    }

    /// The value of `key`, which must be given.
    func required<Value>(_ value: Value?, _ key: String, example: String) throws(PolicyError) -> Value {
        guard let value else { throw error("missing key \"\(key)\" \(place); add it, e.g. \(key) = \(example)") }
        return value
    }

    /// The string at `key`, if given.
    func string(_ key: String) throws(PolicyError) -> String? {
        guard let value = entries[key] else { return nil }
        guard case .string(let text) = value else { throw mistyped(key, "a string", value) }
        return text
    }

    /// The boolean at `key`, if given.
    func boolean(_ key: String) throws(PolicyError) -> Bool? {
        guard let value = entries[key] else { return nil }
        guard case .boolean(let flag) = value else { throw mistyped(key, "true or false", value) }
        return flag
    }

    /// The whole number at `key`, if given.
    func integer(_ key: String) throws(PolicyError) -> Int? {
        guard let value = entries[key] else { return nil }
        guard case .integer(let number) = value else { throw mistyped(key, "a whole number", value) }
        return number
    }

    /// The number at `key`, integer or float, if given.
    func number(_ key: String) throws(PolicyError) -> Double? {
        switch entries[key] {
        case nil: return nil
        case .integer(let number): return Double(number)
        case .float(let number) where number.isFinite: return number
        case let value?: throw mistyped(key, "a finite number", value)
        }
    }

    /// The table at `key`, if given.
    func table(_ key: String) throws(PolicyError) -> PolicyTable? {
        guard let value = entries[key] else { return nil }
        guard case .table(let entries) = value else { throw mistyped(key, "a table, such as { call = true }", value) }
        return PolicyTable(entries: entries, path: path + [key], place: "in \(key)", source: source)
    }

    /// The array of tables at `key` (`[[key]]` sections), if given.
    func tables(_ key: String) throws(PolicyError) -> [PolicyTable]? {
        guard let value = entries[key] else { return nil }
        guard case .array(let elements) = value else { throw mistyped(key, "a list of [[\(key)]] tables", value) }
        var tables: [PolicyTable] = []
        for (index, element) in elements.enumerated() {
            guard case .table(let entries) = element else {
                throw mistyped(key, "a list of [[\(key)]] tables", element)
            }
            tables.append(
                PolicyTable(
                    entries: entries, path: path + [key, String(index)], place: "in [[\(key)]]", source: source))
        }
        return tables
    }

    /// The error for `value` at `key` not being `expected`.
    func mistyped(_ key: String, _ expected: String, _ value: PolicyValue) -> PolicyError {
        error("\(key) must be \(expected), not \(value.kindDescription)", at: key)
    }
}
