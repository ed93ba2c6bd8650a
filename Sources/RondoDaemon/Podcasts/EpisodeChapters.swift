import Foundation
import Playback
import Streams

/// An episode's chapters from its feed's `podcast:chapters` document (Podcasting 2.0's
/// JSON chapters: `{"version": "1.2.0", "chapters": [{"startTime": 0, "title": "…"}]}`).
/// The document is the publisher's, so it is read as hostile input: at most 1 MiB, at most
/// ``maximumChapters`` kept, starts that are not finite numbers of seconds dropped, and
/// chapters marked `"toc": false` (meant for the player's art and links, not for its
/// list) left out.
enum EpisodeChapters {
    /// The most bytes of a chapters document read.
    static let maximumBytes = 1 << 20
    /// The most chapters kept.
    static let maximumChapters = 1_000

    /// The chapters of the document at `url`; none when it cannot be fetched or read.
    static func fetch(_ url: String, options: HTTPOptions) -> [Chapter] {
        var bytes: [UInt8] = []
        do {
            _ = try DocumentFetcher.fetch(url, options: options, maximumBytes: maximumBytes) { piece in bytes += piece }
        } catch {
            return []
        }
        return parse(bytes)
    }

    /// The chapters `document` lists, by start; none when it is no chapters document.
    static func parse(_ document: [UInt8]) -> [Chapter] {
        guard let decoded = try? JSONDecoder().decode(Document.self, from: Data(document)) else { return [] }
        let kept = decoded.chapters.prefix(maximumChapters).compactMap { entry -> Chapter? in
            guard entry.toc != false, let start = entry.startTime, start.isFinite, start >= 0 else { return nil }
            let title = entry.title?.trimmingCharacters(in: .whitespacesAndNewlines).prefix(500)
            return Chapter(title: title.map(String.init).flatMap { $0.isEmpty ? nil : $0 }, start: start)
        }
        return kept.sorted { $0.start < $1.start }
    }

    private struct Document: Decodable {
        var chapters: [Entry]
    }

    private struct Entry: Decodable {
        var startTime: Double?
        var title: String?
        var toc: Bool?
    }
}
