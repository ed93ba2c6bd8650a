/// Messages for what is not a key of rondo.toml, or not valid TOML, naming the key that
/// was probably meant.
extension ConfigKey {
    /// The error for an entry whose key rondo.toml does not take.
    /// - Parameters:
    ///   - entry: the unknown entry.
    ///   - path: the configuration file.
    static func unknown(_ entry: ConfigEntry, in path: String) -> ConfigError {
        let table = entry.key.count == 2 ? tables.first { $0.rawValue == entry.key[0] } : nil
        let what = entry.key.count == 1 && entry.value == .table ? "unknown table [\(entry.name)]" : "unknown key \(entry.name)"
        let candidates = allCases.filter { $0.table == table?.rawValue }
        let guess = closest(to: entry.name, among: candidates).map { " (did you mean \($0.rawValue)?)" } ?? ""
        let known: String
        if let table {
            known = "[\(table.rawValue)] takes " + sentence(members(of: table))
        } else {
            let tablesTaken = tables.map { "[\($0.rawValue)] " + members(of: $0).joined(separator: ", ") }
            known =
                "rondo.toml takes " + candidates.filter { !tables.contains($0) }.map(\.rawValue).joined(separator: ", ")
                + " and " + tablesTaken.joined(separator: "; ")
        }
        return ConfigError(path: path, line: entry.line, message: "\(what)\(guess); \(known)")
    }

    /// `error`, a TOML syntax error, restated as what the key on its line takes when that
    /// line sets a known key (`restore_playing = yes`); else `error` unchanged.
    /// - Parameters:
    ///   - error: the syntax error, with its line.
    ///   - text: the document it was found in.
    static func explain(_ error: ConfigError, in text: String) -> ConfigError {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let number = error.line, lines.indices.contains(number - 1) else { return error }
        let parts = lines[number - 1].split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { return error }
        let name = parts[0].trimmingSpaces
        var value = parts[1].trimmingSpaces
        if !value.hasPrefix("\""), !value.hasPrefix("'"), let comment = value.firstIndex(of: "#") {
            value = value[..<comment].trimmingSpaces
        }
        guard let key = allCases.first(where: { $0.rawValue.split(separator: ".").last.map(String.init) == name }) else {
            return error
        }
        let hint = key.takesString && !value.hasPrefix("\"") && !value.hasPrefix("'") ? "; TOML strings are written in quotes" : ""
        return ConfigError(path: error.path, line: number, message: "\(key.rawValue) must be \(key.expectation), not \(value)\(hint)")
    }

    /// The names of the keys inside `table`.
    private static func members(of table: ConfigKey) -> [String] {
        allCases.filter { $0.table == table.rawValue }.map { String($0.rawValue.dropFirst(table.rawValue.count + 1)) }
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func sentence(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    /// The candidate within two edits of `name`, if one is.
    private static func closest(to name: String, among candidates: [ConfigKey]) -> ConfigKey? {
        candidates
            .map { ($0, editDistance(Array(name), Array($0.rawValue))) }
            .filter { $0.1 <= 2 }
            .min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance between two keys.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
