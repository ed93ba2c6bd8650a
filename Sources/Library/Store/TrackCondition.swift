import GRDB

/// A condition on the library's tracks that SQLite checks, so a reader that filters by
/// tags (the MPD front end's `find`, `search`, `list`, `count`) reads only the rows that may
/// match instead of every row.
///
/// A condition holds for every track its reader's own filter could accept (it may hold for
/// more): the reader still judges each row it reads. That keeps each front end's matching
/// rules its own while SQLite does the sifting.
public indirect enum TrackCondition: Sendable, Equatable {
    /// A column of the track table that a condition reads, compared as text (a number as
    /// its decimal digits).
    public enum Field: String, Sendable, CaseIterable {
        case title, artist, genre, composer, path, year
        case albumArtist = "album_artist"
        case album = "album_title"
        case trackNumber = "track_number"
        case discNumber = "disc_number"
    }

    /// Every track.
    case always
    /// Every condition holds.
    case all([TrackCondition])
    /// One of the conditions holds.
    case any([TrackCondition])
    /// The field is exactly `value`; for `""`, the field is empty or missing.
    case equals(Field, String)
    /// The field may contain `part` with case folded: SQLite's `LIKE` folds ASCII only, so
    /// for a part with letters outside ASCII, and for a field holding any such letter (whose
    /// folding may give ASCII, as the Kelvin sign gives `k`), the condition holds; for an
    /// empty part too.
    case containsFolded(Field, String)
    /// The field may start with `prefix` with case folded, as ``containsFolded(_:_:)``.
    case startsWithFolded(Field, String)

    /// The condition as SQL over the track table aliased `t`, with its arguments.
    var sql: (text: String, arguments: StatementArguments) {
        switch self {
        case .always:
            return ("1", [])
        case .all(let conditions), .any(let conditions):
            guard !conditions.isEmpty else { return (isAll ? "1" : "0", []) }
            var arguments = StatementArguments()
            let parts = conditions.map { condition in
                let part = condition.sql
                arguments += part.arguments
                return "(\(part.text))"
            }
            return (parts.joined(separator: isAll ? " AND " : " OR "), arguments)
        case .equals(let field, let value):
            let column = "t.\(field.rawValue)"
            return value.isEmpty ? ("\(column) IS NULL OR \(column) = ''", []) : ("\(column) = ?", [value])
        case .containsFolded(let field, let part):
            return Self.folded(field, pattern: "%" + Self.escaped(part) + "%", part: part)
        case .startsWithFolded(let field, let prefix):
            return Self.folded(field, pattern: Self.escaped(prefix) + "%", part: prefix)
        }
    }

    private var isAll: Bool {
        if case .all = self { true } else { false }
    }

    /// A `LIKE` on `field` that errs towards holding where SQLite's folding falls short.
    private static func folded(_ field: Field, pattern: String, part: String) -> (text: String, arguments: StatementArguments) {
        guard !part.isEmpty, part.utf8.allSatisfy({ $0 < 0x80 }) else { return ("1", []) }
        let column = "t.\(field.rawValue)"
        return ("\(column) LIKE ? ESCAPE '\\' OR \(column) GLOB ?", [pattern, Self.outsideASCII])
    }

    /// A `GLOB` pattern that matches text holding a character outside ASCII.
    private static let outsideASCII = "*[^\u{01}-\u{7F}]*"

    /// `text` with `LIKE`'s wildcards and its escape character escaped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
