import Focus
import TOMLReading

extension ScenarioReader {
    /// The frequencies a program's `tone` may have, in hertz: audible, and far enough below
    /// the monitor's Nyquist frequency to be measured cleanly.
    static let toneRange = 50...15000

    /// The program of a `spawn` step: its command, its `id`, unused by any session or program
    /// so far, its `properties` as strings (nested tables written with dotted keys), and its
    /// `tone`.
    func program(_ table: TOMLTableReader) throws(TOMLFileError) -> ScenarioProgram {
        let command = try self.command(table)
        let id = try table.required(try table.string("id"), "id", example: "\"call\" (the name later steps use)")
        do throws(ScenarioProblem) {
            try SessionName.check(id)
        } catch {
            throw self.error(error, in: table, at: "id")
        }
        guard !known.contains(id) else {
            throw table.error(
                "id \"\(id)\" is already a session or program of this scenario "
                    + "(known: \(known.joined(separator: ", "))); choose another",
                at: "id")
        }
        var properties: [String: String] = [:]
        if let table = try table.table("properties") { try self.properties(table, prefix: "", into: &properties) }
        return ScenarioProgram(id: id, command: command, properties: properties, tone: try tone(table))
    }

    /// The `spawn` list: a program and its arguments, all strings, the program not empty.
    private func command(_ table: TOMLTableReader) throws(TOMLFileError) -> [String] {
        let expected = "a list of strings, the program and its arguments, such as [\"paplay\", \"-\"]"
        guard let value = table.entries["spawn"], case .array(let elements) = value else {
            throw table.mistyped("spawn", expected, table.entries["spawn"] ?? .array([]))
        }
        var command: [String] = []
        for element in elements {
            guard case .string(let argument) = element else { throw table.mistyped("spawn", expected, element) }
            command.append(argument)
        }
        guard let program = command.first, !program.isEmpty else {
            throw table.error("spawn must name a program to start, such as [\"paplay\", \"-\"]", at: "spawn")
        }
        return command
    }

    /// The entries of `table` as properties named `prefix` + key; a nested table is what
    /// `media.role = "phone"` without quotes makes, and its keys join with dots.
    private func properties(_ table: TOMLTableReader, prefix: String, into properties: inout [String: String])
        throws(TOMLFileError)
    {
        for key in table.entries.keys.sorted() {
            let name = prefix + key
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) })
            else {
                throw table.error(
                    "property name \"\(name)\" must be letters, digits, '.', '-' or '_', such as \"media.role\"",
                    at: key)
            }
            switch table.entries[key] {
            case .string(let value):
                guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    throw table.error("property \"\(name)\" must not hold control characters such as a line end", at: key)
                }
                properties[name] = value
            case .table(let entries):
                let nested = TOMLTableReader(
                    entries: entries, path: table.path + [key], place: table.place, source: root.source)
                try self.properties(nested, prefix: name + ".", into: &properties)
            case let value:
                throw table.error(
                    "property \"\(name)\" must be a string, such as \"phone\", not \(value?.kindDescription ?? "nothing")",
                    at: key)
            }
        }
    }

    /// The `tone`, a whole number of hertz in ``toneRange``, if given.
    private func tone(_ table: TOMLTableReader) throws(TOMLFileError) -> Int? {
        guard let value = table.entries["tone"] else { return nil }
        guard case .integer(let tone) = value, Self.toneRange.contains(tone) else {
            throw table.error(
                "tone must be a whole number of hertz from \(Self.toneRange.lowerBound) to "
                    + "\(Self.toneRange.upperBound), such as 660, not \(Self.described(value))",
                at: "tone")
        }
        return tone
    }

    /// `value` as a message shows it: an integer as written, anything else by its kind.
    private static func described(_ value: TOMLValue) -> String {
        if case .integer(let number) = value { return "\(number)" }
        return value.kindDescription
    }
}
