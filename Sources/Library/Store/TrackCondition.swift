import GRDB

/// A condition on the library's tracks that SQLite checks, so a reader that filters by
/// tags (the MPD front end's `find`, `search`, `list`, `count`) reads only the rows that may
/// match instead of every row.
///
/// A condition holds for every track its reader's own filter could accept (it may hold for
/// more): the reader still judges each row it reads. That keeps each front end's matching
/// rules its own while SQLite does the sifting. A missing field reads as empty text.
public indirect enum TrackCondition: Sendable, Equatable {
    /// A column of the track table that a condition reads, compared as text (a number as
    /// its decimal digits).
    public enum Field: String, Sendable, CaseIterable {
        case title, artist, genre, composer, path, year
        case albumArtist = "album_artist"
        case album = "album_title"
        case trackNumber = "track_number"
        case discNumber = "disc_number"
        case musicBrainzTrack = "mb_track_id"
        case musicBrainzAlbum = "mb_album_id"
        case musicBrainzArtist = "mb_artist_id"
        case musicBrainzAlbumArtist = "mb_album_artist_id"
        case musicBrainzReleaseTrack = "mb_release_track_id"
        case musicBrainzWork = "mb_work_id"

        /// Whether the field holds a number.
        public var isNumber: Bool { self == .trackNumber || self == .discNumber || self == .year }

        /// Whether the field holds a MusicBrainz identifier: a UUID, in hex digits and dashes.
        public var isIdentifier: Bool {
            switch self {
            case .musicBrainzTrack, .musicBrainzAlbum, .musicBrainzArtist, .musicBrainzAlbumArtist, .musicBrainzReleaseTrack,
                .musicBrainzWork:
                true
            default: false
            }
        }
    }

    /// Every track.
    case always
    /// Every condition holds.
    case all([TrackCondition])
    /// One of the conditions holds.
    case any([TrackCondition])
    /// The field is exactly `value`; for `""`, the field is empty or missing.
    case equals(Field, String)
    /// One of the fields contains `part` with case folded (Swift's `lowercased()` on both
    /// sides; ``FoldedMatch``); every track holds the empty part.
    case containsFolded([Field], String)
    /// The field starts with `prefix` with case folded, as ``containsFolded(_:_:)``.
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
        case .containsFolded(let fields, let part):
            guard !part.isEmpty else { return ("1", []) }
            // A number's digits hold nothing but digits and its sign; an identifier's, hex
            // digits and dashes. A missing field is passed over before the match is called.
            let digitsOnly = part.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
            let folded = part.lowercased()
            let hexOnly = folded.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "-") }
            let read = fields.filter { (digitsOnly || !$0.isNumber) && (hexOnly || !$0.isIdentifier) }
            guard !read.isEmpty else { return ("0", []) }
            return (
                read.map { "(t.\($0.rawValue) IS NOT NULL AND \(FoldedMatch.containsName)(t.\($0.rawValue), ?))" }
                    .joined(separator: " OR "),
                StatementArguments(read.map { _ in folded })
            )
        case .startsWithFolded(let field, let prefix):
            return ("\(FoldedMatch.startsName)(coalesce(t.\(field.rawValue), ''), ?)", [prefix.lowercased()])
        }
    }

    private var isAll: Bool {
        if case .all = self { true } else { false }
    }
}
