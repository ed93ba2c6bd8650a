import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How library items read in a terminal.
enum LibraryFormat {
    /// `Title/ — subtitle`: a container's title ends in `/`, a spoken-word item shows how much was heard.
    static func line(_ item: ContentItem) -> String {
        var text = item.title + (item.isContainer ? "/" : "")
        if let subtitle = item.subtitle { text += " — " + subtitle }
        if let progress = item.playbackProgress { text += "  [\(Int((progress * 100).rounded()))% heard]" }
        if !item.isContainer && !item.isPlayable { text = "(" + text + ")" }
        return text
    }

    /// Every field of an item, one per line.
    static func printDetails(_ item: ContentItem) {
        print("title: \(item.title)")
        if let subtitle = item.subtitle { print("subtitle: \(subtitle)") }
        print("identifier: \(item.identifier)")
        print("container: \(item.isContainer ? "yes" : "no")  playable: \(item.isPlayable ? "yes" : "no")")
        if let progress = item.playbackProgress { print("heard: \(Int((progress * 100).rounded()))%") }
        if let artwork = item.artwork { print("artwork: \(artwork.url)") }
    }

    /// A Unix time as an ISO 8601 date and time, UTC.
    static func date(_ seconds: Double) -> String {
        Date(timeIntervalSince1970: seconds).ISO8601Format()
    }
}
