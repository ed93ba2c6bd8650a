/// An item becomes an episode, or a skipped item with the reason.
extension FeedParser {
    mutating func finish(_ draft: ItemDraft) {
        let title = draft.title ?? draft.itunesTitle
        guard feed.episodes.count < Self.maximumEpisodes else {
            itemsPastLimit += 1
            return
        }
        guard let enclosure = draft.playableEnclosure, let written = enclosure.url else {
            let pictures = draft.enclosures.filter { $0.url?.isEmpty == false && $0.kind == .image }
            let reason =
                pictures.isEmpty
                ? "it has no enclosure: not an episode" : "its enclosure is a picture, not sound: not an episode (\(pictures[0].url!.prefix(200)))"
            feed.skipped.append(SkippedItem(title: title, reason: reason))
            return
        }
        guard let url = resolved(written) else {
            feed.skipped.append(SkippedItem(title: title, reason: "its enclosure is no http(s) URL: \(written.prefix(200))"))
            return
        }
        var notes: [String] = []
        let key: String
        if let guid = draft.guid {
            key = guid
        } else if let guid = draft.podcastGUID {
            key = guid
        } else {
            key = url
            notes.append("it has no GUID: known by its enclosure's URL")
        }
        guard seenKeys.insert(key).inserted else {
            feed.skipped.append(SkippedItem(title: title, reason: "it has the GUID of an earlier item: \(key.prefix(200))"))
            return
        }
        let published = draft.date.flatMap(FeedDate.parse)
        if published == nil { notes.append(draft.date.map { "its date \"\($0.prefix(64))\" cannot be read" } ?? "it has no date") }
        let duration = draft.duration.flatMap(FeedDuration.parse)
        if let written = draft.duration, duration == nil { notes.append("its duration \"\(written.prefix(64))\" cannot be read") }
        let summary = (draft.description ?? draft.otherDescription).flatMap {
            PlainText.from(html: $0, limit: Self.maximumSummaryCharacters)
        }
        var episode = FeedEpisode(
            key: key, title: title ?? "Untitled episode", published: published, enclosureURL: url,
            enclosureType: enclosure.type.flatMap(Self.field), enclosureLength: enclosure.length.flatMap { Int($0.trimmingXMLSpace) },
            duration: duration, summary: summary, isExplicit: draft.explicit.map(Self.isExplicit) ?? feed.isExplicit,
            chaptersURL: draft.chaptersURL, imageURL: draft.imageURL, episodeNumber: draft.episodeNumber, season: draft.season)
        episode.isVideo = enclosure.kind == .video
        if title == nil { notes.append("it has no title") }
        episode.notes = notes
        feed.episodes.append(episode)
    }
}
