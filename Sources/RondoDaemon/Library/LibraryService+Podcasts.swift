import Library
import RondoProtocol

/// `podcast.episodes`: a show's episodes as the browse tree shows them.
extension LibraryService {
    /// A page of a show's episodes, newest first, as content items.
    func podcastEpisodes(_ params: PodcastEpisodesParams) throws(RPCError) -> PodcastEpisodesResult {
        let store = try libraryStore()
        guard let tree else { throw RPCError(.notFound, "the library database could not be opened (see rondod's log)") }
        guard params.offset ?? 0 >= 0, (1...500).contains(params.limit ?? 50) else {
            throw RPCError(.badParam, "offset must be 0 or more and limit 1 to 500")
        }
        guard case .podcast(let podcast)? = try Self.querying({ () throws(StoreError) in try store.entry(forIdentifier: params.show) })
        else {
            throw RPCError(.notFound, "no subscribed show \(params.show) (rondo podcast list shows them)")
        }
        let list = CatalogList.episodesOf(podcast: podcast.id)
        let offset = min(params.offset ?? 0, Int(Int32.max))
        let (entries, total) = try Self.querying { () throws(StoreError) in
            (try store.entries(list, in: offset..<(offset + (params.limit ?? 50))), try store.count(list))
        }
        return PodcastEpisodesResult(items: entries.map { ContentItem(tree.item(for: $0)) }, total: total)
    }
}
