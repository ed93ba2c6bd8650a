/// The line each key and table header of a TOML document is written on.
///
/// The TOML library reports lines only for syntax errors, so after it has parsed a
/// document this scan of the same text tells which line a wrong value sits on. It reads
/// table headers (`[pulse]`), keys (bare, quoted and dotted) before `=`, and steps over
/// multi-line strings; the document is already known to be valid TOML.
struct TOMLKeyLines {
    private var lines: [[String]: Int] = [:]

    /// Scans `text`.
    init(_ text: String) {
        var table: [String] = []
        var openString: String?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let delimiter = openString {
                if line.contains(delimiter) { openString = nil }
                continue
            }
            var cursor = Cursor(line)
            cursor.skipSpaces()
            if cursor.take("[") {
                _ = cursor.take("[")
                guard let path = cursor.dottedKey() else { continue }
                table = path
                record(path, line: number + 1)
            } else if let path = cursor.dottedKey(), cursor.take("=") {
                record(table + path, line: number + 1)
                openString = cursor.unclosedMultilineString()
            }
        }
    }

    /// The line of `key`, else of its nearest enclosing table, else 1.
    func line(of key: [String]) -> Int {
        var path = key
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return 1
    }

    /// Records the first line of `path` and of each enclosing table it implies.
    private mutating func record(_ path: [String], line: Int) {
        for end in path.indices {
            let prefix = Array(path[...end])
            if lines[prefix] == nil { lines[prefix] = line }
        }
    }
}

/// Reads keys off one line of TOML.
private struct Cursor {
    private let characters: [Character]
    private var index = 0

    init(_ line: Substring) { characters = Array(line) }

    mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
    }

    /// Consumes `character` (after spaces) when it comes next.
    mutating func take(_ character: Character) -> Bool {
        skipSpaces()
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    /// A key such as `a`, `"a b"` or `pulse.server`, split at its dots.
    mutating func dottedKey() -> [String]? {
        var path: [String] = []
        repeat {
            skipSpaces()
            guard let part = simpleKey() else { return nil }
            path.append(part)
        } while take(".")
        return path
    }

    private mutating func simpleKey() -> String? {
        guard index < characters.count else { return nil }
        let quote = characters[index]
        if quote == "\"" || quote == "'" {
            var key = ""
            index += 1
            while index < characters.count, characters[index] != quote {
                if quote == "\"", characters[index] == "\\", index + 1 < characters.count { index += 1 }
                key.append(characters[index])
                index += 1
            }
            guard index < characters.count else { return nil }
            index += 1
            return key
        }
        let start = index
        while index < characters.count, characters[index].isBareKeyCharacter { index += 1 }
        return index > start ? String(characters[start..<index]) : nil
    }

    /// The delimiter of a multi-line string that opens after `=` on this line and does not
    /// close on it, if any.
    mutating func unclosedMultilineString() -> String? {
        skipSpaces()
        let rest = String(characters[index...])
        for delimiter in ["\"\"\"", "'''"] where rest.hasPrefix(delimiter) {
            return rest.dropFirst(3).contains(delimiter) ? nil : delimiter
        }
        return nil
    }
}

extension Character {
    /// Whether the character may appear in a bare TOML key.
    fileprivate var isBareKeyCharacter: Bool {
        isASCII && (isLetter || isNumber || self == "_" || self == "-")
    }
}
