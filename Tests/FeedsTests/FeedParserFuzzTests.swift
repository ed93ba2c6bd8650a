import Foundation
import RondoTesting
import Testing

@testable import Feeds

/// Mutated feeds (in UTF-8, Latin-1 and UTF-16) through the parser, read in random pieces: each ends in a feed or a
/// refusal with a reason, never a crash or a hang. `RONDO_FEED_FUZZ_ROUNDS` sets how many
/// (5,000 by default; the milestone's figure is 100,000).
struct FeedParserFuzzTests {
    static let rounds = ProcessInfo.processInfo.environment["RONDO_FEED_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 5_000
    /// Pieces of markup that make the damage interesting to a tokenizer.
    static let splices = [
        "<", ">", "&", "&amp;", "&#x", "&#1114112;", "<!--", "-->", "<![CDATA[", "]]>", "<!DOCTYPE rss [", "<?", "?>",
        "\"", "'", "=", "/>", "</item>", "<item>", "<enclosure url=\"", "xmlns:itunes=\"", "<itunes:duration>",
        "</rss>", "\u{0}", "\u{FEFF}",
    ].map { Array($0.utf8) }

    @Test func mutatedFeedsEndInAFeedOrAReason() throws {
        let generated = String(decoding: FeedParserTests.generatedFeed(items: 20), as: UTF8.self)
        // The same feed in Latin-1 and in UTF-16, so the damage reaches the encoding's detection too.
        let encoded = [
            EncodedText.bytes(generated.replacing("<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"latin1\"?>"), in: "ISO-8859-1"),
            [0xFF, 0xFE] + EncodedText.bytes(generated, in: "UTF-16LE"),
        ]
        let seeds = try ["itunes-show.xml", "atom-show.xml"].map(Fixtures.feed) + [FeedParserTests.generatedFeed(items: 20)] + encoded
        var random = SplitMix64(seed: 0x4645_4544)
        var outcomes = (feeds: 0, refusals: 0)
        for _ in 0..<Self.rounds {
            var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(random.next() % 4)) { Self.mutate(&bytes, &random) }
            var parser = FeedParser(url: "http://127.0.0.1/feed.xml")
            do throws(FeedError) {
                var start = 0
                while start < bytes.count {
                    let size = 1 + Int(random.next() % 512)
                    try parser.append(bytes[start..<min(start + size, bytes.count)])
                    start += size
                }
                let feed = try parser.finish()
                #expect(feed.episodes.count <= FeedParser.maximumEpisodes)
                #expect(feed.episodes.allSatisfy { $0.enclosureURL.lowercased().hasPrefix("http") })
                outcomes.feeds += 1
            } catch {
                #expect(!error.description.isEmpty)
                outcomes.refusals += 1
            }
        }
        #expect(outcomes.feeds > 0 && outcomes.refusals > 0, "\(outcomes)")
    }

    /// One damage: a byte changed, a splice inserted, a run deleted or repeated, or a cut.
    static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        guard !bytes.isEmpty else { return }
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 5 {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.insert(contentsOf: splices[Int(random.next() % UInt64(splices.count))], at: at)
        case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 64)))
        case 3:
            let run = bytes[at..<min(bytes.count, at + Int(random.next() % 256))]
            bytes.insert(contentsOf: Array(run), at: at)
        default: bytes.removeSubrange(at...)
        }
    }
}
