/// Which songs a database command (`find`, `search`, `list`, `count`, `findadd`…) means:
/// MPD 0.21's filter expressions (`(artist == 'Björk')`, `(!(genre contains 'rock'))`,
/// `((album == 'X') AND (track == '3'))`, `(base 'Music/X')`, `(file == 'a.mp3')`) or the
/// older `TAG VALUE` pairs, read as MPD 0.23 reads them.
///
/// Expressions and pairs may be mixed, all of them to hold. `find` compares exactly;
/// `search` folds case, and its old-style pairs match a part of the value. A song with several values of a tag matches `==` when one of them does; a
/// song without the tag has the empty value. A filter lives in the command that read it (its
/// regular expressions are compiled once, and are not shared between threads).
public indirect enum MPDFilter {
    /// How a tag's value is compared.
    public enum Comparison: Equatable {
        case equals, notEquals, contains, startsWith
        /// A regular expression (`=~`), or its negation (`!~`).
        case matches(Regex<AnyRegexOutput>, negated: Bool)

        public static func == (lhs: Comparison, rhs: Comparison) -> Bool {
            switch (lhs, rhs) {
            case (.equals, .equals), (.notEquals, .notEquals), (.contains, .contains), (.startsWith, .startsWith): true
            case (.matches(_, let left), .matches(_, let right)): left == right
            default: false
            }
        }
    }

    /// What a comparison reads of a song.
    public enum Subject: Equatable, Sendable {
        case tag(MPDSong.Tag)
        /// Any tag.
        case any
        /// The song's URI.
        case file
    }

    /// A comparison of a song's values with `value`; `foldCase` for `search`.
    case compare(Subject, Comparison, String, foldCase: Bool)
    /// Songs under the directory (a URI prefix).
    case base(String)
    /// Songs whose file changed at or after the time (`2026-11-29T10:00:00Z`, as MPD prints
    /// it); a song whose time is not known is not one.
    case modifiedSince(String)
    /// Every filter holds.
    case all([MPDFilter])
    /// The filter does not hold.
    case not(MPDFilter)

    /// The filter `arguments` give: one expression, or `TAG VALUE` pairs.
    /// - Parameters:
    ///   - foldCase: `search`'s rule: case is folded, and a pair matches a part of the value.
    ///   - command: the command's name, for its errors.
    /// - Throws: ``MPDAck`` `argument` with MPD's message.
    public static func parse(_ arguments: [String], foldCase: Bool, command: String) throws(MPDAck) -> MPDFilter {
        guard !arguments.isEmpty else { throw MPDAck(.argument, command: command, "too few arguments") }
        // As MPD reads them: expressions and pairs in any mix, every one of them to hold.
        var filters: [MPDFilter] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("(") {
                var reader = ExpressionReader(Array(argument.utf8), foldCase: foldCase)
                do throws(ExpressionReader.Failure) {
                    filters.append(try reader.expression())
                    reader.skipSpace()
                    guard reader.atEnd else { throw ExpressionReader.Failure(message: "Unparsed garbage after expression") }
                } catch {
                    throw MPDAck(.argument, command: command, error.message)
                }
                index += 1
                continue
            }
            guard index + 1 < arguments.count else {
                throw MPDAck(.argument, command: command, "Incorrect number of filter arguments")
            }
            filters.append(try pair(argument, arguments[index + 1], foldCase: foldCase, command: command))
            index += 2
        }
        return filters.count == 1 ? filters[0] : .all(filters)
    }

    /// An old-style `TAG VALUE` pair: exact for `find`, a part of the value for `search`.
    private static func pair(_ name: String, _ value: String, foldCase: Bool, command: String) throws(MPDAck) -> MPDFilter {
        let comparison: Comparison = foldCase ? .contains : .equals
        switch name.lowercased() {
        case "base": return .base(value)
        case "modified-since":
            guard let time = MPDTime.iso8601(value) else { throw MPDAck(.argument, command: command, "Malformed date: \(value)") }
            return .modifiedSince(time)
        case "file", "filename": return .compare(.file, comparison, value, foldCase: foldCase)
        case "any": return .compare(.any, comparison, value, foldCase: foldCase)
        default:
            guard let tag = MPDSong.Tag(named: name) else { throw MPDAck(.argument, command: command, "Unknown filter type") }
            return .compare(.tag(tag), comparison, value, foldCase: foldCase)
        }
    }

    /// Whether `song` passes.
    public func matches(_ song: MPDSong) -> Bool {
        switch self {
        case .all(let filters): return filters.allSatisfy { $0.matches(song) }
        case .not(let filter): return !filter.matches(song)
        case .modifiedSince(let time):
            guard let modified = song.lastModified else { return false }
            return modified >= time
        case .base(let directory):
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            return directory.isEmpty || song.file == directory || song.file.hasPrefix(prefix)
        case .compare(let subject, let comparison, let value, let foldCase):
            let values: [String]
            switch subject {
            case .file: values = [song.file]
            case .any: values = song.tags.map(\.value)
            case .tag(let tag):
                let found = song.values(of: tag)
                values = found.isEmpty ? [""] : found
            }
            let wanted = foldCase ? value.lowercased() : value
            let compared = foldCase ? values.map { $0.lowercased() } : values
            switch comparison {
            case .equals: return compared.contains(wanted)
            case .notEquals: return !compared.contains(wanted)
            case .contains: return compared.contains { $0.contains(wanted) }
            case .startsWith: return compared.contains { $0.hasPrefix(wanted) }
            case .matches(let regex, let negated):
                let found = values.contains { (try? regex.firstMatch(in: $0)) != nil }
                return found != negated
            }
        }
    }

    /// Reads one expression, as MPD's `SongFilter::ParseExpression` does.
    private struct ExpressionReader {
        struct Failure: Error {
            var message: String
        }

        /// The deepest nesting read: a hostile expression cannot exhaust the stack.
        static let maximumDepth = 64

        let bytes: [UInt8]
        let foldCase: Bool
        var position = 0
        var depth = 0

        init(_ bytes: [UInt8], foldCase: Bool) {
            self.bytes = bytes
            self.foldCase = foldCase
        }

        var atEnd: Bool { position >= bytes.count }

        mutating func skipSpace() {
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        }

        mutating func expect(_ byte: UInt8, _ message: String) throws(Failure) {
            guard position < bytes.count, bytes[position] == byte else { throw Failure(message: message) }
            position += 1
        }

        mutating func expression() throws(Failure) -> MPDFilter {
            skipSpace()
            try expect(0x28, "'(' expected")
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { throw Failure(message: "Expression nested too deeply") }
            skipSpace()
            guard !atEnd else { throw Failure(message: "Unexpected end of expression") }
            if bytes[position] == 0x28 {
                var filters = [try expression()]
                while true {
                    skipSpace()
                    if !atEnd, bytes[position] == 0x29 {
                        position += 1
                        return filters.count == 1 ? filters[0] : .all(filters)
                    }
                    guard word() == "AND" else { throw Failure(message: "'AND' expected") }
                    filters.append(try expression())
                }
            }
            if bytes[position] == 0x21 {
                position += 1
                let inner = try expression()
                skipSpace()
                try expect(0x29, "')' expected")
                return .not(inner)
            }
            let name = word()
            guard !name.isEmpty else { throw Failure(message: "Word expected") }
            skipSpace()
            let filter: MPDFilter
            switch name.lowercased() {
            case "base":
                filter = .base(try quoted())
            case "modified-since":
                let value = try quoted()
                guard let time = MPDTime.iso8601(value) else { throw Failure(message: "Malformed date: \(value)") }
                filter = .modifiedSince(time)
            case "added-since", "audioformat", "prio":
                throw Failure(message: "'\(name)' filters are not supported")
            default:
                let subject: Subject
                switch name.lowercased() {
                case "file": subject = .file
                case "any": subject = .any
                default:
                    guard let tag = MPDSong.Tag(named: name) else { throw Failure(message: "Unknown filter type: \(name)") }
                    subject = .tag(tag)
                }
                let symbol = try self.comparison()
                skipSpace()
                let value = try quoted()
                let comparison: Comparison
                switch symbol {
                case .equals: comparison = .equals
                case .notEquals: comparison = .notEquals
                case .contains: comparison = .contains
                case .startsWith: comparison = .startsWith
                case .matches(let negated):
                    guard let regex = try? Regex(foldCase ? "(?i)" + value : value) else {
                        throw Failure(message: "Invalid regular expression")
                    }
                    comparison = .matches(regex, negated: negated)
                }
                filter = .compare(subject, comparison, value, foldCase: foldCase)
            }
            skipSpace()
            try expect(0x29, "')' expected")
            return filter
        }

        /// A run of letters, digits, `_` and `-`.
        mutating func word() -> String {
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                guard
                    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F
                        || byte == 0x2D
                else { break }
                position += 1
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// The operators of a comparison, as written.
        enum Symbol {
            case equals, notEquals, contains, startsWith
            case matches(negated: Bool)
        }

        mutating func comparison() throws(Failure) -> Symbol {
            let operators: [(String, Symbol)] = [
                ("==", .equals), ("!=", .notEquals), ("=~", .matches(negated: false)), ("!~", .matches(negated: true)),
                ("contains", .contains), ("starts_with", .startsWith),
            ]
            for (text, symbol) in operators {
                let written = Array(text.utf8)
                guard position + written.count <= bytes.count, Array(bytes[position..<position + written.count]) == written else { continue }
                position += written.count
                return symbol
            }
            throw Failure(message: "Unknown filter operator")
        }

        /// A value in `'` or `"`, in which `\` takes the next character as it is.
        mutating func quoted() throws(Failure) -> String {
            guard position < bytes.count, bytes[position] == 0x27 || bytes[position] == 0x22 else {
                throw Failure(message: "Quoted string expected")
            }
            let quote = bytes[position]
            position += 1
            var value: [UInt8] = []
            while true {
                guard position < bytes.count else { throw Failure(message: "Closing quote not found") }
                let byte = bytes[position]
                position += 1
                if byte == quote { break }
                if byte == 0x5C, position < bytes.count {
                    value.append(bytes[position])
                    position += 1
                } else {
                    value.append(byte)
                }
            }
            return String(decoding: value, as: UTF8.self)
        }
    }
}
