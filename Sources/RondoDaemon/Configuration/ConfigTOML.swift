import Focus
import TOMLKit

/// The one file of `RondoDaemon` that imports TOMLKit (STYLE.md rule 4): it takes the text
/// of a configuration file and returns plain entries with their lines.
enum ConfigTOML {
    /// The entries of `text`: every top-level key, and every key of each top-level table,
    /// ordered by line (a table before its keys). Tables nested deeper are returned as
    /// `.table` values and not entered: no key of rondo.toml lies that deep.
    /// - Parameters:
    ///   - text: the document.
    ///   - path: the file it was read from, for errors.
    /// - Throws: ``ConfigError`` at the line of the first syntax error.
    static func entries(in text: String, path: String) throws(ConfigError) -> [ConfigEntry] {
        if let line = TOMLHeaderGuard.lineOfKeylessHeader(in: text) {
            throw ConfigError(path: path, line: line, message: "not valid TOML: a table header needs a key inside its brackets")
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, message: "not valid TOML: \(error.description)")
        } catch {
            throw ConfigError(path: path, line: nil, message: "not valid TOML: \(error)")
        }
        let lines = TOMLKeyLines(text)
        var entries: [ConfigEntry] = []
        for (key, value) in root {
            entries.append(ConfigEntry(key: [key], value: plain(value), line: lines.line(of: [key])))
            guard let table = value.table else { continue }
            for (member, memberValue) in table {
                let name = [key, member]
                entries.append(ConfigEntry(key: name, value: plain(memberValue), line: lines.line(of: name)))
            }
        }
        return entries.sorted { ($0.line, $0.key.count, $0.name) < ($1.line, $1.key.count, $1.name) }
    }

    private static func plain(_ value: any TOMLValueConvertible) -> ConfigValue {
        switch value.type {
        case .string: .string(value.string ?? "")
        case .int: .integer(value.int ?? 0)
        case .double: .float(value.double ?? 0)
        case .bool: .boolean(value.bool ?? false)
        case .table: .table
        case .array, .date, .time, .dateTime: .other(value.type.description)
        }
    }
}
