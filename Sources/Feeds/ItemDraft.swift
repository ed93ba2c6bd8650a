/// An item of a feed while it is read: its fields as written, before they are checked.
struct ItemDraft {
    /// The most enclosures looked at in one item.
    static let maximumEnclosures = 16

    var title: String?
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
        case (.rss, "title"), (.atom, "title"): title = title ?? value
        case (.itunes, "title"): title = value ?? title
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
    /// extension), else the first RSS or Atom enclosure, else the first Media RSS one.
    var audioEnclosure: Enclosure? {
        let usable = enclosures.filter { $0.url?.isEmpty == false }
        return usable.first(where: \.isAudio) ?? usable.first { !$0.isMedia } ?? usable.first
    }
}

/// An enclosure as the feed gives it.
struct Enclosure {
    var url: String?
    var type: String?
    var length: String?
    /// From Media RSS rather than RSS or Atom.
    var isMedia = false

    /// Whether its type, or else its URL's extension, says audio.
    var isAudio: Bool {
        if let type = type?.lowercased(), !type.isEmpty { return type.hasPrefix("audio/") || type == "application/ogg" }
        let path = (url ?? "").lowercased().split(separator: "?").first ?? ""
        return [".mp3", ".m4a", ".m4b", ".aac", ".ogg", ".opus", ".flac"].contains { path.hasSuffix($0) }
    }
}
