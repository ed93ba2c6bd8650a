import Foundation

/// The folded forms of names that the library groups and sorts by.
///
/// Folding ignores case and accents (`Édith` and `edith` fold alike) and surrounding white
/// space; artist sort keys also ignore a leading "The " ("The Beatles" sorts as "beatles").
/// Keys are compared bytewise in SQLite, so they are computed here, once, when a file is
/// scanned.
enum SortKey {
    /// `text` without case, accents or surrounding white space.
    static func fold(_ text: String) -> String {
        asciiFold(text) ?? foundationFold(text)
    }

    /// ``fold(_:)`` by Foundation, for any text.
    static func foundationFold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// ``fold(_:)`` of text that is all ASCII, `nil` for any other: ASCII has no accents
    /// and no wide forms, so folding is lower-casing A–Z, and its white space is tab to
    /// carriage return and the space. Foundation's folding, a tenth of a scan's time when
    /// every name went through it, is left for the names that need it.
    static func asciiFold(_ text: String) -> String? {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The key an artist's `name` sorts by: folded, without a leading "The ".
    static func artist(_ name: String) -> String {
        artist(folded: fold(name))
    }

    /// ``artist(_:)`` of a name already folded by ``fold(_:)``.
    static func artist(folded: String) -> String {
        guard folded.hasPrefix("the "), folded.count > 4 else { return folded }
        return String(folded.dropFirst(4)).trimmingCharacters(in: .whitespaces)
    }
}
