import Library
import RondoProtocol

extension PodcastShow {
    /// The wire form of a stored show.
    init(_ record: PodcastShowRecord) {
        self.init(
            show: record.identifier, title: record.title, url: record.url, episodes: record.episodes, unplayed: record.unplayed,
            lastRefresh: record.lastRefresh, error: record.error)
    }
}
