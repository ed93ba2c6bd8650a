import TOMLKit

/// The one file of `Focus` that imports TOMLKit (STYLE.md rule 4): it parses the text of a
/// policy file and returns plain values.
enum PolicyTOML {
    /// The top-level table of `text`, every nested table and array converted.
    /// - Parameters:
    ///   - text: the document.
    ///   - file: the file it was read from, for errors.
    /// - Throws: ``PolicyError`` at the line of the first syntax error.
    static func table(from text: String, file: String) throws(PolicyError) -> [String: PolicyValue] {
        if let line = TOMLHeaderGuard.lineOfKeylessHeader(in: text) {
            throw PolicyError(file: file, line: line, message: "not valid TOML: a table header needs a key inside its brackets")
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw PolicyError(
                file: file, line: error.source.begin.line, message: "not valid TOML: \(error.description)")
        } catch {
            throw PolicyError(file: file, line: 1, message: "not valid TOML: \(error)")
        }
        return plainTable(root)
    }

    private static func plainTable(_ table: TOMLTable) -> [String: PolicyValue] {
        var entries: [String: PolicyValue] = [:]
        for (key, value) in table { entries[key] = plain(value) }
        return entries
    }

    private static func plain(_ value: any TOMLValueConvertible) -> PolicyValue {
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
