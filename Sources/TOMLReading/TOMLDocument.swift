import TOMLKit

/// The one file of the package that imports TOMLKit (STYLE.md rule 4): it parses the text of
/// a policy, scenario or configuration file and returns plain values.
public enum TOMLDocument {
    /// The top-level table of `text`, every nested table and array converted.
    /// - Parameter text: the document.
    /// - Returns: the top-level keys and their values.
    /// - Throws: ``TOMLSyntaxError`` at the line of the first syntax error.
    public static func values(of text: String) throws(TOMLSyntaxError) -> [String: TOMLValue] {
        if let line = TOMLHeaderGuard.lineOfKeylessHeader(in: text) {
            throw TOMLSyntaxError(line: line, message: "not valid TOML: a table header needs a key inside its brackets")
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw TOMLSyntaxError(line: error.source.begin.line, message: "not valid TOML: \(error.description)")
        } catch {
            throw TOMLSyntaxError(line: nil, message: "not valid TOML: \(error)")
        }
        return plainTable(root)
    }

    private static func plainTable(_ table: TOMLTable) -> [String: TOMLValue] {
        var entries: [String: TOMLValue] = [:]
        for (key, value) in table { entries[key] = plain(value) }
        return entries
    }

    private static func plain(_ value: any TOMLValueConvertible) -> TOMLValue {
        switch value.type {
        case .string: .string(value.string ?? "")
        case .int: .integer(value.int ?? 0)
        case .double: .float(value.double ?? 0)
        case .bool: .boolean(value.bool ?? false)
        case .table: .table(value.table.map(plainTable) ?? [:])
        case .array: .array(value.array.map { $0.map(plain) } ?? [])
        case .date, .time, .dateTime: .other(value.type.description)
        }
    }
}
