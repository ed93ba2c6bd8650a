/// The vocabularies a feed's elements come from, by namespace URI.
enum Vocabulary: Equatable {
    /// RSS 2.0's elements (no namespace) and RSS 1.0's.
    case rss
    case atom
    case itunes
    /// Podcasting 2.0 (`podcast:`).
    case podcast
    /// `content:encoded`.
    case content
    /// Media RSS (`media:content`).
    case media
    case other

    /// The vocabulary of a namespace URI; publishers vary the case and the scheme.
    init(uri: String) {
        let folded = uri.lowercased()
        switch folded {
        case "", "http://purl.org/rss/1.0/", "http://backend.userland.com/rss2": self = .rss
        case "http://www.w3.org/2005/atom": self = .atom
        case "http://www.itunes.com/dtds/podcast-1.0.dtd", "https://www.itunes.com/dtds/podcast-1.0.dtd": self = .itunes
        case "http://purl.org/rss/1.0/modules/content/": self = .content
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss": self = .media
        case _ where folded.contains("podcastindex.org/namespace") || folded.contains("podcastindex-org/podcast-namespace"):
            self = .podcast
        default: self = .other
        }
    }
}

/// An element's name with its namespace resolved.
struct ElementName: Equatable {
    var vocabulary: Vocabulary
    var local: String

    static func rss(_ local: String) -> ElementName { ElementName(vocabulary: .rss, local: local) }
    static func atom(_ local: String) -> ElementName { ElementName(vocabulary: .atom, local: local) }
    static func itunes(_ local: String) -> ElementName { ElementName(vocabulary: .itunes, local: local) }
    static func podcast(_ local: String) -> ElementName { ElementName(vocabulary: .podcast, local: local) }
}

/// An open element: its resolved name and attributes, and the namespace prefixes in scope
/// inside it.
struct OpenElement {
    var name: ElementName
    /// Attributes by local name (namespaced attributes are not used by feeds' elements).
    var attributes: [String: String]
    /// Prefix → URI; `""` is the default namespace.
    var scope: [String: String]

    /// Opens `name` inside `parent`, taking the `xmlns` declarations of `attributes` into
    /// its scope.
    init(name qualified: String, attributes: [XMLAttribute], within parent: OpenElement?) {
        var scope = parent?.scope ?? [:]
        var plain: [String: String] = [:]
        for attribute in attributes {
            if attribute.name == "xmlns" {
                scope[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                scope[String(attribute.name.dropFirst(6))] = attribute.value
            } else {
                let local = attribute.name.split(separator: ":", maxSplits: 1).last.map(String.init) ?? attribute.name
                if plain[local] == nil { plain[local] = attribute.value }
            }
        }
        let parts = qualified.split(separator: ":", maxSplits: 1).map(String.init)
        let (prefix, local) = parts.count == 2 ? (parts[0], parts[1]) : ("", qualified)
        // An unknown prefix is its own vocabulary: `itunes:` without its declaration is
        // still iTunes, as Apple's own reader takes it.
        let uri = scope[prefix] ?? (prefix.isEmpty ? "" : Self.conventionalURIs[prefix] ?? prefix)
        self.name = ElementName(vocabulary: Vocabulary(uri: uri), local: local)
        self.attributes = plain
        self.scope = scope
    }

    private static let conventionalURIs = [
        "itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd", "podcast": "https://podcastindex.org/namespace/1.0",
        "content": "http://purl.org/rss/1.0/modules/content/", "media": "http://search.yahoo.com/mrss/",
        "atom": "http://www.w3.org/2005/Atom",
    ]
}

/// What kind of feed a document is, by its root element.
enum FeedFormat {
    case rss
    case atom

    init?(root: ElementName) {
        switch (root.vocabulary, root.local) {
        case (.rss, "rss"), (.other, "RDF"), (.rss, "RDF"): self = .rss
        case (.atom, "feed"): self = .atom
        default: return nil
        }
    }
}
