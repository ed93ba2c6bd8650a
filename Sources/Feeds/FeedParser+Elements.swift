/// What each element of a feed means: the show's fields at the channel's (or Atom feed's)
/// level, the episode's inside an item (or entry).
extension FeedParser {
    /// The element just opened (the last of ``open``).
    mutating func started(_ name: ElementName, attributes: [String: String]) {
        if name == .rss("item") || name == .atom("entry") {
            item = ItemDraft()
            return
        }
        if item != nil {
            startedInItem(name, attributes: attributes)
            return
        }
        let parent = open.count >= 2 ? open[open.count - 2].name : nil
        if name == .rss("url"), parent == .rss("image") || parent == .rss("channel") {
            keepText()
            return
        }
        if name == ElementName(vocabulary: .atom, local: "name"), parent == .atom("author") {
            keepText()
            return
        }
        guard parent == .rss("channel") || parent == .atom("feed") else { return }
        switch (name.vocabulary, name.local) {
        case (.itunes, "image"):
            if let href = attributes["href"] { feed.imageURL = resolved(href) ?? feed.imageURL }
        case (.atom, "link"):
            if attributes["rel"] ?? "alternate" == "alternate", let href = attributes["href"] { feed.link = resolved(href) }
        case (.rss, "title"), (.atom, "title"), (.rss, "description"), (.itunes, "summary"), (.atom, "subtitle"),
            (.itunes, "author"), (.rss, "managingEditor"), (.atom, "logo"), (.atom, "icon"), (.itunes, "explicit"),
            (.itunes, "new-feed-url"), (.rss, "link"):
            keepText()
        default: break
        }
    }

    private mutating func startedInItem(_ name: ElementName, attributes: [String: String]) {
        switch (name.vocabulary, name.local) {
        case (.rss, "enclosure"):
            item?.add(Enclosure(url: attributes["url"], type: attributes["type"], length: attributes["length"]))
        case (.atom, "link") where attributes["rel"] == "enclosure":
            item?.add(Enclosure(url: attributes["href"], type: attributes["type"], length: attributes["length"]))
        case (.media, "content"):
            item?.add(
                Enclosure(
                    url: attributes["url"], type: attributes["type"], length: attributes["fileSize"], medium: attributes["medium"],
                    isMedia: true))
        case (.podcast, "chapters"):
            let url = attributes["url"].flatMap(resolved)
            item?.chaptersURL = url
        case (.itunes, "image"):
            let url = attributes["href"].flatMap(resolved)
            item?.imageURL = url
        case (.rss, "title"), (.atom, "title"), (.itunes, "title"), (.rss, "guid"), (.atom, "id"), (.podcast, "guid"),
            (.rss, "pubDate"), (.atom, "published"), (.atom, "updated"), (.itunes, "duration"), (.rss, "description"),
            (.content, "encoded"), (.itunes, "summary"), (.atom, "summary"), (.atom, "content"), (.itunes, "explicit"),
            (.itunes, "episode"), (.itunes, "season"):
            keepText()
        default: break
        }
    }

    /// The element just closed; `text` is its text when it was kept.
    mutating func ended(_ name: ElementName, text: String?) {
        if name == .rss("item") || name == .atom("entry") {
            if let item { finish(item) }
            item = nil
            return
        }
        guard let text else { return }
        if item != nil {
            item?.take(name, text: text)
            return
        }
        let value = Self.field(text)
        switch (name.vocabulary, name.local) {
        case (.rss, "title"), (.atom, "title"): feed.title = feed.title ?? PlainText.line(text)
        case (.rss, "description"), (.atom, "subtitle"):
            feed.summary = PlainText.from(html: text, limit: Self.maximumSummaryCharacters) ?? feed.summary
        case (.itunes, "summary"):
            feed.summary = feed.summary ?? PlainText.from(html: text, limit: Self.maximumSummaryCharacters)
        case (.itunes, "author"): feed.author = PlainText.line(text) ?? feed.author
        case (.rss, "managingEditor"), (.atom, "name"): feed.author = feed.author ?? PlainText.line(text)
        case (.rss, "url"), (.atom, "logo"), (.atom, "icon"): feed.imageURL = feed.imageURL ?? value.flatMap(resolved)
        case (.itunes, "explicit"): feed.isExplicit = Self.isExplicit(text)
        case (.itunes, "new-feed-url"): feed.newFeedURL = value.flatMap(resolved)
        case (.rss, "link"): feed.link = feed.link ?? value.flatMap(resolved)
        default: break
        }
    }

    /// `text` trimmed and cut to ``maximumFieldCharacters``; `nil` when empty.
    static func field(_ text: String) -> String? {
        let trimmed = text.trimmingXMLSpace
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > maximumFieldCharacters ? String(trimmed.prefix(maximumFieldCharacters)) : trimmed
    }

    /// `itunes:explicit`: `yes`, `true` or `explicit` (any case).
    static func isExplicit(_ text: String) -> Bool {
        ["yes", "true", "explicit"].contains(text.trimmingXMLSpace.lowercased())
    }

    /// `reference` as an absolute http(s) URL, resolved against the feed's own.
    func resolved(_ reference: String) -> String? {
        FeedURL.resolve(reference.trimmingXMLSpace, against: baseURL)
    }
}
