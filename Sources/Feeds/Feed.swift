/// A podcast feed as read from RSS 2.0 (with the iTunes and Podcasting 2.0 namespaces) or
/// Atom: the show, its episodes in feed order, and the items left out, each with a reason.
public struct Feed: Equatable, Sendable {
    public var title: String?
    /// The show's author (`itunes:author`, else `managingEditor`, else Atom's author).
    public var author: String?
    /// Its description as plain text.
    public var summary: String?
    /// The show's web page.
    public var link: String?
    /// Its cover (`itunes:image`, else RSS `image/url`, else Atom's `logo`/`icon`).
    public var imageURL: String?
    /// `itunes:explicit` of the channel.
    public var isExplicit = false
    /// The feed's new address (`itunes:new-feed-url`), when it moved.
    public var newFeedURL: String?
    /// The episodes, in the order the feed lists them.
    public var episodes: [FeedEpisode] = []
    /// Items that are not episodes, and why (no enclosure, a duplicate, over the limit).
    public var skipped: [SkippedItem] = []

    /// An empty feed.
    public init() {}
}

/// An item of a feed that did not become an episode.
public struct SkippedItem: Equatable, Sendable {
    /// Its title, when it had one.
    public var title: String?
    public var reason: String

    /// Creates a skipped item.
    public init(title: String?, reason: String) {
        self.title = title
        self.reason = reason
    }
}
