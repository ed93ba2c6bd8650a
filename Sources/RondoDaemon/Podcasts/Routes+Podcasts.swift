import RondoProtocol
import RondoRouting

extension Routes {
    /// The `podcast.*` methods. Fetches run on the podcasts' own threads (``ThreadFanOut``)
    /// and reads and writes of the store on the library's (``LibraryReads``), so a slow feed
    /// or the database's one writer holds up no other request. Each change is committed
    /// before its handler returns, so it is answered once decided and is already on disk.
    /// `podcast.episodes` shows how far listening got, so it waits for the player's earlier
    /// writes (``ReplyPolicies``).
    func registerPodcastMethods(in router: inout Router) {
        let podcasts = self.podcasts
        let library = self.library
        router.register(Methods.PodcastSubscribe.self) { params, _ throws(RPCError) in try await podcasts.subscribe(params) }
        router.register(Methods.PodcastUnsubscribe.self) { params, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try podcasts.unsubscribe(params) }
        }
        router.register(Methods.PodcastList.self) { _, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try podcasts.list() }
        }
        router.register(Methods.PodcastRefresh.self) { params, _ throws(RPCError) in try await podcasts.refresh(params) }
        router.register(Methods.PodcastEpisodes.self) { params, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try library.podcastEpisodes(params) }
        }
        router.register(Methods.PodcastMarkPlayed.self) { params, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try podcasts.markPlayed(params) }
        }
        router.register(Methods.PodcastImportOPML.self) { params, _ throws(RPCError) in try await podcasts.importOPML(params) }
        router.register(Methods.PodcastExportOPML.self) { _, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try podcasts.exportOPML() }
        }
    }
}
