/// Reads keys off one line of TOML, for ``TOMLKeyLines``.
struct TOMLKeyScanner {
    private let characters: [Character]
    private var index = 0

    /// A scanner at the start of `line`.
    init(_ line: Substring) { characters = Array(line) }

    /// Consumes `character`, after spaces, when it comes next.
    mutating func take(_ character: Character) -> Bool {
        skipSpaces()
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    /// A key such as `a`, `"a b"` or `a.b`, split at its dots; `nil` when none comes next.
    mutating func dottedKey() -> [String]? {
        var path: [String] = []
        repeat {
            skipSpaces()
            guard let part = simpleKey() else { return nil }
            path.append(part)
        } while take(".")
        return path
    }

    /// The delimiter of a multi-line string that opens here and does not close on this line.
    mutating func unclosedMultilineString() -> String? {
        skipSpaces()
        let rest = String(characters[index...])
        for delimiter in ["\"\"\"", "'''"] where rest.hasPrefix(delimiter) {
            return rest.dropFirst(3).contains(delimiter) ? nil : delimiter
        }
        return nil
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
    }

    private mutating func simpleKey() -> String? {
        guard index < characters.count else { return nil }
        let quote = characters[index]
        guard quote == "\"" || quote == "'" else {
            let start = index
            while index < characters.count, Self.isBare(characters[index]) { index += 1 }
            return index > start ? String(characters[start..<index]) : nil
        }
        var key = ""
        index += 1
        while index < characters.count, characters[index] != quote {
            // A basic string's escape keeps the next character literal, quotes included.
            if quote == "\"", characters[index] == "\\", index + 1 < characters.count { index += 1 }
            key.append(characters[index])
            index += 1
        }
        guard index < characters.count else { return nil }
        index += 1
        return key
    }

    private static func isBare(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }
}
