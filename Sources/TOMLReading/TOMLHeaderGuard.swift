/// Finds table headers with no key inside their brackets (`[!]`, `[.a]`, `[[=]]`), which the
/// TOML parser bundled with TOMLKit (TOML++ 3.4) does not reject but aborts on, a failed
/// precondition in its key parser (fixed upstream in marzer/tomlplusplus#301). Callers check
/// the text first and report such a line as invalid TOML.
///
/// Lines inside multi-line arrays and strings are values, not headers, and are skipped: the
/// scan follows brackets opened after a key's `=` until they close, outside strings and
/// comments.
enum TOMLHeaderGuard {
    /// The 1-based line of the first header whose `[` or `[[` is not followed by a key (a
    /// letter, digit, `_`, `-` or a quote), or `nil` when there is none.
    static func lineOfKeylessHeader(in text: String) -> Int? {
        var depth = 0
        var openString: [Character]?
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let characters = Array(line)
            if openString == nil, depth == 0, let first = characters.firstIndex(where: { !isBlank($0) }),
                characters[first] == "["
            {
                if !startsKey(characters, after: first) { return offset + 1 }
                continue
            }
            scanValue(characters, depth: &depth, openString: &openString)
        }
        return nil
    }

    private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }

    /// Whether a key starts after the `[` (or `[[`) at `index`.
    private static func startsKey(_ characters: [Character], after index: Int) -> Bool {
        var next = index + 1
        if next < characters.count, characters[next] == "[" { next += 1 }
        while next < characters.count, isBlank(characters[next]) { next += 1 }
        guard next < characters.count else { return false }
        let character = characters[next]
        return (character.isASCII && (character.isLetter || character.isNumber)) || "_-\"'".contains(character)
    }

    /// Follows the brackets of a value line, outside strings and comments.
    private static func scanValue(_ characters: [Character], depth: inout Int, openString: inout [Character]?) {
        var index = 0
        while index < characters.count {
            if let delimiter = openString {
                if has(delimiter, in: characters, at: index) {
                    index += delimiter.count
                    openString = nil
                } else {
                    index += delimiter == ["\""] && characters[index] == "\\" ? 2 : 1
                }
                continue
            }
            if let delimiter = stringDelimiters.first(where: { has($0, in: characters, at: index) }) {
                openString = delimiter
                index += delimiter.count
                continue
            }
            switch characters[index] {
            case "#": return
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            default: break
            }
            index += 1
        }
        // A single-line string cannot continue on the next line.
        if openString?.count == 1 { openString = nil }
    }

    /// String delimiters, the multi-line ones first.
    private static let stringDelimiters: [[Character]] = [["\"", "\"", "\""], ["'", "'", "'"], ["\""], ["'"]]

    private static func has(_ delimiter: [Character], in characters: [Character], at index: Int) -> Bool {
        guard index + delimiter.count <= characters.count else { return false }
        return characters[index..<index + delimiter.count].elementsEqual(delimiter)
    }
}
