/// An item of a feed while it is read: its fields as written, before they are checked.
struct ItemDraft {
    /// The most enclosures looked at in one item.
    static let maximumEnclosures = 16

    /// `title` (RSS or Atom): the episode's title.
    var title: String?
    /// `itunes:title`: the title only when the item has no other, since only Apple's app
    /// shows it and so its mistakes go unseen by the publisher.
    var itunesTitle: String?
    var guid: String?
    var podcastGUID: String?
    var date: String?
    var enclosures: [Enclosure] = []
    var duration: String?
    /// `description`, Atom `summary`: the preferred description.
    var description: String?
    /// `content:encoded`, `itunes:summary`, Atom `content`: used when there is no description.
    var otherDescription: String?
    var explicit: String?
    var chaptersURL: String?
    var imageURL: String?
    var episodeNumber: Int?
    var season: Int?

    mutating func add(_ enclosure: Enclosure) {
        if enclosures.count < Self.maximumEnclosures { enclosures.append(enclosure) }
    }

    /// Takes the text of an element of the item.
    mutating func take(_ name: ElementName, text: String) {
        let value = FeedParser.field(text)
        switch (name.vocabulary, name.local) {
        case (.rss, "title"), (.atom, "title"): title = title ?? PlainText.line(text)
        case (.itunes, "title"): itunesTitle = itunesTitle ?? PlainText.line(text)
        case (.rss, "guid"), (.atom, "id"): guid = guid ?? value
        case (.podcast, "guid"): podcastGUID = podcastGUID ?? value
        case (.rss, "pubDate"), (.atom, "published"): date = value ?? date
        case (.atom, "updated"): date = date ?? value
        case (.itunes, "duration"): duration = value
        case (.rss, "description"), (.atom, "summary"): description = description ?? text
        case (.content, "encoded"), (.itunes, "summary"), (.atom, "content"): otherDescription = otherDescription ?? text
        case (.itunes, "explicit"): explicit = value
        case (.itunes, "episode"): episodeNumber = value.flatMap { Int($0) }
        case (.itunes, "season"): season = value.flatMap { Int($0) }
        default: break
        }
    }

    /// The enclosure to play: the first that says it is audio (by type, else by the URL's
    /// extension), else the first of no kind the feed tells (an RSS or Atom one before a
    /// Media RSS one), else the first video, whose audio may be played. A picture never is.
    var playableEnclosure: Enclosure? {
        let usable = enclosures.filter { $0.url?.isEmpty == false }
        return usable.first { $0.kind == .audio } ?? usable.first { $0.kind == .unknown && !$0.isMedia }
            ?? usable.first { $0.kind == .unknown } ?? usable.first { $0.kind == .video }
    }
}
