import TOMLReading

/// Reads the text of a configuration file into plain entries with their lines.
enum ConfigTOML {
    /// The entries of `text`: every top-level key, and every key of each top-level table,
    /// ordered by line (a table before its keys). Tables nested deeper are returned as
    /// `.table` values and not entered: no key of rondo.toml lies that deep.
    /// - Parameters:
    ///   - text: the document.
    ///   - path: the file it was read from, for errors.
    /// - Throws: ``ConfigError`` at the line of the first syntax error.
    static func entries(in text: String, path: String) throws(ConfigError) -> [ConfigEntry] {
        let root: [String: TOMLValue]
        do {
            root = try TOMLDocument.values(of: text)
        } catch {
            throw ConfigError(path: path, line: error.line, message: error.message)
        }
        let lines = TOMLKeyLines(text)
        var entries: [ConfigEntry] = []
        for (key, value) in root {
            entries.append(ConfigEntry(key: [key], value: plain(value), line: lines.line(of: [key])))
            guard case .table(let table) = value else { continue }
            for (member, memberValue) in table {
                let name = [key, member]
                entries.append(ConfigEntry(key: name, value: plain(memberValue), line: lines.line(of: name)))
            }
        }
        return entries.sorted { ($0.line, $0.key.count, $0.name) < ($1.line, $1.key.count, $1.name) }
    }

    private static func plain(_ value: TOMLValue) -> ConfigValue {
        switch value {
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .float(let number): .float(number)
        case .boolean(let flag): .boolean(flag)
        case .table: .table
        case .array: .other("array")
        case .other(let type): .other(type)
        }
    }
}
