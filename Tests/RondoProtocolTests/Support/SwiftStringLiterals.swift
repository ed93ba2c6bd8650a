/// The string literals of Swift source text, each as written between its delimiters:
/// single-line, multi-line and raw strings alike, and the literals inside interpolations;
/// comments are skipped. Enough of Swift's lexical grammar to find a quoted name exactly.
struct SwiftStringLiterals {
    private let text: [Unicode.Scalar]
    private var index = 0
    /// Each literal found, with the line it starts on (1-based).
    private(set) var literals: [(line: Int, text: String)] = []

    /// Reads `source`.
    init(_ source: String) {
        text = Array(source.unicodeScalars)
        code(insideInterpolation: false)
    }

    private func scalar(at position: Int) -> Unicode.Scalar? { position < text.count ? text[position] : nil }

    private func line(at position: Int) -> Int { text[..<position].count { $0 == "\n" } + 1 }

    /// Skips code up to the end, or up to the `)` that closes an interpolation.
    private mutating func code(insideInterpolation: Bool) {
        var depth = 0
        while index < text.count {
            let current = text[index]
            if current == "/", scalar(at: index + 1) == "/" {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if current == "/", scalar(at: index + 1) == "*" {
                index += 2
                while index < text.count, !(text[index] == "*" && scalar(at: index + 1) == "/") { index += 1 }
                index += 2
            } else if current == "#" || current == "\"", string() {
                continue
            } else {
                if insideInterpolation, current == "(" { depth += 1 }
                if insideInterpolation, current == ")" {
                    if depth == 0 {
                        index += 1
                        return
                    }
                    depth -= 1
                }
                index += 1
            }
        }
    }

    /// Whether `count` `#` signs follow from `position`.
    private func hashes(_ count: Int, at position: Int) -> Bool {
        (0..<count).allSatisfy { scalar(at: position + $0) == "#" }
    }

    /// Reads the string literal starting here, if one does (`#if` does not).
    private mutating func string() -> Bool {
        var position = index
        var hashCount = 0
        while scalar(at: position) == "#" {
            hashCount += 1
            position += 1
        }
        guard scalar(at: position) == "\"" else { return false }
        let start = index
        let multiline = scalar(at: position + 1) == "\"" && scalar(at: position + 2) == "\""
        position += multiline ? 3 : 1
        // A multi-line string's text starts on the line after its opening quotes.
        if multiline, scalar(at: position) == "\n" { position += 1 }
        var content = String.UnicodeScalarView()
        while position < text.count {
            let current = text[position]
            if current == "\"" {
                let quotes = multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ scalar(at: position + $0) == "\"" }), hashes(hashCount, at: position + quotes) {
                    position += quotes + hashCount
                    break
                }
            }
            if current == "\\", hashes(hashCount, at: position + 1) {
                let escaped = position + 1 + hashCount
                if scalar(at: escaped) == "(" {
                    index = escaped + 1
                    code(insideInterpolation: true)
                    position = index
                    content.append("\u{FFFC}")
                    continue
                }
                content.append(contentsOf: text[position...min(escaped, text.count - 1)])
                position = escaped + 1
                continue
            }
            content.append(current)
            position += 1
        }
        literals.append((line(at: start), String(content)))
        index = position
        return true
    }
}
