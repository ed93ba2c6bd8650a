/// The line each key and table header of a TOML document is written on: policies,
/// scenarios and the daemon's `rondo.toml`.
///
/// The parser reports lines only for syntax errors, so after a document has parsed, this scan
/// of the same text tells which line a wrong value sits on. Paths name array-of-tables
/// elements by their index: the second `[[prompt_rule]]`'s `style` is
/// `["prompt_rule", "1", "style"]`. It reads table headers, keys (bare, quoted, dotted)
/// before `=`, and steps over multi-line strings; the text is known to be valid TOML.
public struct TOMLKeyLines: Sendable {
    private var lines: [[String]: Int] = [:]

    /// Scans `text`.
    public init(_ text: String) {
        var table: [String] = []
        var elementCounts: [[String]: Int] = [:]
        var openString: String?
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if let delimiter = openString {
                if line.contains(delimiter) { openString = nil }
                continue
            }
            var scanner = TOMLKeyScanner(line)
            if scanner.take("[") {
                let isArrayElement = scanner.take("[")
                guard let header = scanner.dottedKey() else { continue }
                table = Self.resolve(header, counts: elementCounts)
                if isArrayElement {
                    let index = elementCounts[table, default: 0]
                    elementCounts[table] = index + 1
                    table.append(String(index))
                }
                record(table, line: offset + 1)
            } else if let key = scanner.dottedKey(), scanner.take("=") {
                record(table + key, line: offset + 1)
                openString = scanner.unclosedMultilineString()
            }
        }
    }

    /// The line of `path`, else of its nearest enclosing key or table that was written, else 1.
    public func line(of path: [String]) -> Int {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return 1
    }

    /// `header` with the index of the latest element after each array of tables it passes
    /// through, as `[fruit.variety]` under `[[fruit]]` means the last fruit's variety.
    private static func resolve(_ header: [String], counts: [[String]: Int]) -> [String] {
        var path: [String] = []
        for (offset, part) in header.enumerated() {
            path.append(part)
            if offset < header.count - 1, let count = counts[path] { path.append(String(count - 1)) }
        }
        return path
    }

    private mutating func record(_ path: [String], line: Int) {
        for end in path.indices where lines[Array(path[...end])] == nil {
            lines[Array(path[...end])] = line
        }
    }
}
