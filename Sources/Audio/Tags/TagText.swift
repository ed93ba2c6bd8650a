import TextEncodings

/// The readings of tag text that ID3 frames and Vorbis comments share.
enum TagText {
    /// The number before any `/` of a track or disc value (`3/12` is 3); `nil` unless positive.
    static func position(_ value: String) -> Int? {
        let number = value.prefix { $0 != "/" }.filter { $0 != " " }
        guard let number = Int(number), number > 0 else { return nil }
        return number
    }

    /// The year a date value starts with (`2004`, `2004-06-01`); `nil` unless positive.
    static func year(_ value: String) -> Int? {
        let digits = value.drop { $0 == " " }.prefix(4)
        guard digits.count == 4, digits.allSatisfy(\.isASCII), let year = Int(digits), year > 0 else { return nil }
        return year
    }

    /// `value` without control characters (``ControlCharacters``: a whitespace one becomes a
    /// space), leading spaces and trailing spaces and NULs; `nil` when nothing is left.
    ///
    /// Called for every field of every file a scan reads: a value with nothing to remove
    /// (nearly all of them) is returned as it is, after a look at its bytes; only the others
    /// are cleaned character by character.
    static func nonEmpty(_ value: String) -> String? {
        let value = value.utf8.contains(where: mayBeControl) ? ControlCharacters.stripped(value) : value
        guard let first = value.utf8.first, let last = value.utf8.last else { return nil }
        if first != UInt8(ascii: " "), last != UInt8(ascii: " "), last != 0 { return value }
        let trimmed = value.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\0" }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// Whether a UTF-8 byte may start a control character: C0 and DEL are single bytes, C1
    /// characters (U+0080–U+009F) start with 0xC2.
    private static func mayBeControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == 0xC2 }
}
