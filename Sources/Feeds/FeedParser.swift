/// Reads a podcast feed as its bytes arrive: RSS 2.0 (and RSS 1.0) with the iTunes,
/// Podcasting 2.0, `content` and Media RSS namespaces, or Atom. Streaming: no document tree
/// is built, each item becomes an episode (or a skipped item with a reason) as its end tag
/// passes, and every text kept is cut at a limit, so memory grows with the episodes kept,
/// never with the size of a description or of the document. The bytes are brought to UTF-8
/// first from the encoding the server, a byte-order mark or the XML declaration names
/// (``XMLTranscoder``).
///
/// Hostile input is refused by the tokenizer (``XMLRefusal``): no entity is declared,
/// expanded or fetched. Sloppy input is made the best of: an item without a date or GUID is
/// kept with a note, one without an enclosure or a repeat of an earlier GUID is skipped with
/// a reason.
public struct FeedParser {
    /// The most episodes kept from one feed; later items are counted as skipped.
    public static let maximumEpisodes = 20_000
    /// The most characters kept of an episode's or show's description.
    public static let maximumSummaryCharacters = 4_000
    /// The most characters kept of a title, a GUID or a URL.
    static let maximumFieldCharacters = 4_096
    /// The most bytes of one element's text read before the rest is passed over.
    static let maximumElementBytes = 256 * 1024

    private var tokenizer = XMLTokenizer()
    /// Brings the bytes to UTF-8 ahead of the tokenizer.
    private var transcoder: XMLTranscoder
    /// The feed's own URL, against which relative URLs are resolved.
    let baseURL: String
    var feed = Feed()
    var format: FeedFormat?
    /// The open elements, innermost last, with the namespace scopes they opened.
    var open: [OpenElement] = []
    /// The item being read.
    var item: ItemDraft?
    /// The text of the innermost open element, while one of interest is open.
    var text: [UInt8]?
    /// Items past ``maximumEpisodes``.
    var itemsPastLimit = 0
    /// The keys of the episodes kept so far, so a repeated GUID is skipped.
    var seenKeys: Set<String> = []

    /// A parser for the feed at `url`, which its server said is in `charset` (the
    /// `Content-Type`'s parameter; `nil` when it said none, and the feed's bytes tell).
    public init(url: String, charset: String? = nil) {
        baseURL = url
        transcoder = XMLTranscoder(charset: charset)
    }

    /// Reads the next bytes of the feed.
    /// - Throws: ``FeedError`` when the feed is refused; nothing more can be read then.
    public mutating func append(_ bytes: some Sequence<UInt8>) throws(FeedError) {
        try transcoder.feed(bytes, to: &tokenizer)
        try drain()
    }

    /// Ends the feed.
    /// - Returns: the show and its episodes.
    /// - Throws: ``FeedError`` when it was refused, ended early, or is no feed.
    public mutating func finish() throws(FeedError) -> Feed {
        try transcoder.finish(to: &tokenizer)
        tokenizer.finish()
        try drain()
        guard format != nil else { throw .notAFeed(root: nil) }
        if itemsPastLimit > 0 {
            feed.skipped.append(
                SkippedItem(title: nil, reason: "\(itemsPastLimit) more items past the \(Self.maximumEpisodes) read"))
        }
        return feed
    }

    /// The feed in `bytes`, read in one go (in `charset` when its server named one).
    public static func parse(_ bytes: some Sequence<UInt8>, url: String, charset: String? = nil) throws(FeedError) -> Feed {
        var parser = FeedParser(url: url, charset: charset)
        try parser.append(bytes)
        return try parser.finish()
    }

    private mutating func drain() throws(FeedError) {
        do {
            while let token = try tokenizer.next() { try take(token) }
        } catch let refusal as XMLRefusal {
            throw .refused(refusal)
        } catch let error as FeedError {
            throw error
        } catch {
            throw .notAFeed(root: nil)
        }
    }

    private mutating func take(_ token: XMLToken) throws(FeedError) {
        switch token {
        case .start(let name, let attributes):
            let element = OpenElement(name: name, attributes: attributes, within: open.last)
            if open.isEmpty {
                guard let format = FeedFormat(root: element.name) else { throw .notAFeed(root: name) }
                self.format = format
            }
            open.append(element)
            text = nil
            started(element.name, attributes: element.attributes)
        case .end:
            let element = open.removeLast()
            let captured = text.map { String(decoding: $0, as: UTF8.self) }
            text = nil
            ended(element.name, text: captured)
        case .text(let characters):
            guard var kept = text, kept.count < Self.maximumElementBytes else { return }
            kept.append(contentsOf: characters.utf8.prefix(Self.maximumElementBytes - kept.count))
            text = kept
        }
    }

    /// Starts keeping the text of the element just opened.
    mutating func keepText() {
        text = []
    }
}

/// Why a feed could not be read.
public enum FeedError: Error, Equatable, Sendable {
    /// The XML was refused: hostile, malformed or cut short.
    case refused(XMLRefusal)
    /// The document is XML but no RSS or Atom feed (its root element, when it had one).
    case notAFeed(root: String?)
    /// The document (or its server) names an encoding that cannot be read, as written.
    case unknownEncoding(String)
}

extension FeedError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .refused(let refusal): "the feed cannot be read: \(refusal)"
        case .notAFeed(let root?): "not a podcast feed: the document is <\(root)>, not RSS or Atom"
        case .notAFeed(nil): "not a podcast feed: no RSS or Atom element in it"
        case .unknownEncoding(let name): "it is in the encoding \"\(name)\", which this system cannot read"
        }
    }
}
