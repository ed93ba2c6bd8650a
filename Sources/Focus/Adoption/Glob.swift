/// One shell glob or several alternatives, as adoption rules match a program's names with
/// them: `*` is any run of characters, `?` one character, `[abc]`, `[a-z]` and `[!abc]` one
/// of (or none of) a set, and a backslash takes the next character as it is. Case matters,
/// as in the shell. A text matches when any alternative matches the whole of it.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    private let patterns: [Pattern]

    /// The glob `pattern`; a `[` with no closing `]` is taken as itself.
    public init(_ pattern: String) { patterns = [Pattern(pattern)] }

    /// Any of `patterns`.
    public init(anyOf patterns: [String]) { self.patterns = patterns.map(Pattern.init) }

    /// The patterns as written, joined by `, `.
    public var description: String { patterns.map(\.description).joined(separator: ", ") }

    /// Whether any alternative matches the whole of `text`.
    public func matches(_ text: String) -> Bool { patterns.contains { $0.matches(text) } }
}

/// One glob pattern, compiled to its tokens.
private struct Pattern: Sendable, Hashable, CustomStringConvertible {
    private enum Token: Hashable {
        case literal(Character)
        case any
        case anyRun
        case set([ClosedRange<Character>], negated: Bool)
    }

    private let tokens: [Token]
    /// The pattern as written.
    let description: String

    /// The glob `pattern`; a `[` with no closing `]` is taken as itself.
    init(_ pattern: String) {
        description = pattern
        var tokens: [Token] = []
        var rest = Substring(pattern)
        while let first = rest.popFirst() {
            switch first {
            case "*": if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?": tokens.append(.any)
            case "\\": tokens.append(.literal(rest.popFirst() ?? "\\"))
            case "[":
                if let (set, after) = Self.set(in: rest) {
                    tokens.append(set)
                    rest = after
                } else {
                    tokens.append(.literal("["))
                }
            default: tokens.append(.literal(first))
            }
        }
        self.tokens = tokens
    }

    /// Reads a set after its `[`: the set and what follows its `]`, or `nil` when it never closes.
    private static func set(in text: Substring) -> (Token, Substring)? {
        var rest = text
        let negated = rest.first == "!" || rest.first == "^"
        if negated { rest.removeFirst() }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while let character = rest.popFirst() {
            if character == "]" && !first { return (.set(ranges, negated: negated), rest) }
            first = false
            if rest.first == "-", rest.dropFirst().first.map({ $0 != "]" }) == true {
                rest.removeFirst()
                let upper = rest.removeFirst()
                if character <= upper { ranges.append(character...upper) }
            } else {
                ranges.append(character...character)
            }
        }
        return nil
    }

    /// Whether the whole of `text` matches.
    func matches(_ text: String) -> Bool {
        let characters = Array(text)
        // The classic two-pointer match: on a mismatch, go back to the last `*` and let it
        // take one more character.
        var token = 0
        var index = 0
        var star: (token: Int, index: Int)?
        while index < characters.count {
            if token < tokens.count, tokens[token] == .anyRun {
                star = (token, index)
                token += 1
            } else if token < tokens.count, Self.accepts(tokens[token], characters[index]) {
                token += 1
                index += 1
            } else if let last = star {
                star = (last.token, last.index + 1)
                token = last.token + 1
                index = last.index + 1
            } else {
                return false
            }
        }
        return tokens[token...].allSatisfy { $0 == .anyRun }
    }

    private static func accepts(_ token: Token, _ character: Character) -> Bool {
        switch token {
        case .literal(let literal): literal == character
        case .any: true
        case .anyRun: false
        case .set(let ranges, let negated): ranges.contains { $0.contains(character) } != negated
        }
    }
}
