/// Subscription lists in OPML, the format every podcast app imports and exports: the
/// `<outline>` elements with an `xmlUrl` attribute are feeds, at any depth (apps group them
/// in folders), with their `text` or `title` as a name.
///
/// Read with the same tokenizer as feeds, so a hostile file is refused the same way (no
/// entities, bounded tags and depth); written as OPML 2.0 with every attribute escaped.
public enum OPML {
    /// The most feeds read from one file; later outlines are ignored.
    public static let maximumFeeds = 10_000

    /// One subscription of a list.
    public struct Entry: Equatable, Sendable {
        /// The feed's URL.
        public var url: String
        /// The name the list gives it, if any.
        public var title: String?

        /// Creates an entry.
        public init(url: String, title: String?) {
            self.url = url
            self.title = title
        }
    }

    /// The feeds `bytes` list, in document order, each URL once, the bytes read in the
    /// encoding their byte-order mark or XML declaration names (UTF-8 when neither does).
    /// - Throws: ``FeedError/refused(_:)`` for XML the tokenizer refuses (cut short among
    ///   them), ``FeedError/notAFeed(root:)`` when the document is not `<opml>`,
    ///   ``FeedError/unknownEncoding(_:)`` when it names an encoding that cannot be read.
    public static func entries(in bytes: some Sequence<UInt8>) throws(FeedError) -> [Entry] {
        var tokenizer = XMLTokenizer()
        var transcoder = XMLTranscoder(charset: nil)
        try transcoder.feed(bytes, to: &tokenizer)
        try transcoder.finish(to: &tokenizer)
        tokenizer.finish()
        var entries: [Entry] = []
        var seen: Set<String> = []
        var depth = 0
        var sawRoot = false
        do {
            while let token = try tokenizer.next() {
                switch token {
                case .start(let name, let attributes):
                    if depth == 0, localName(name) != "opml" || sawRoot { throw FeedError.notAFeed(root: name) }
                    sawRoot = true
                    depth += 1
                    guard localName(name) == "outline", entries.count < maximumFeeds else { continue }
                    let value = { (key: String) in attributes.first { $0.name.lowercased() == key }?.value }
                    guard let url = value("xmlurl")?.trimmed, FeedURL.resolve(url, against: url) == url,
                        seen.insert(url).inserted
                    else { continue }
                    let title = (value("text") ?? value("title"))?.trimmed
                    entries.append(Entry(url: url, title: title?.isEmpty == false ? title : nil))
                case .end:
                    depth -= 1
                case .text:
                    continue
                }
            }
        } catch let refusal as XMLRefusal {
            throw .refused(refusal)
        } catch let error as FeedError {
            throw error
        } catch {
            throw .notAFeed(root: nil)
        }
        guard sawRoot else { throw .notAFeed(root: nil) }
        return entries
    }

    /// An OPML 2.0 document listing `entries`, titled `title`.
    public static func document(_ entries: [Entry], title: String) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>\(escaped(title))</title>
              </head>
              <body>

            """
        for entry in entries {
            let name = escaped(entry.title ?? entry.url)
            text += "    <outline type=\"rss\" text=\"\(name)\" title=\"\(name)\" xmlUrl=\"\(escaped(entry.url))\"/>\n"
        }
        text += "  </body>\n</opml>\n"
        return text
    }

    /// `text` with the five characters XML reserves written as references, and the line
    /// breaks of an attribute value kept as such.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func localName(_ name: String) -> String {
        String(name.split(separator: ":").last ?? Substring(name)).lowercased()
    }
}

extension String {
    fileprivate var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
