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
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The key an artist's `name` sorts by: folded, without a leading "The ".
    static func artist(_ name: String) -> String {
        let folded = fold(name)
        guard folded.hasPrefix("the "), folded.count > 4 else { return folded }
        return String(folded.dropFirst(4)).trimmingCharacters(in: .whitespaces)
    }
}
