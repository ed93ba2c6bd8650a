import Library
import Playback
import PlaybackWire
import RondoProtocol
import RondoRouting

extension Routes {
    /// The `library.*` and `context.*` methods.
    func registerLibraryMethods(in router: inout Router) {
        let library = self.library
        let player = self.player
        router.register(Methods.LibraryChildren.self) { params, _ throws(RPCError) in try library.children(params) }
        router.register(Methods.LibraryItem.self) { params, _ throws(RPCError) in try library.item(params) }
        router.register(Methods.LibraryCount.self) { params, _ throws(RPCError) in try library.count(params) }
        router.register(Methods.LibraryItemForIdentifier.self) { params, _ throws(RPCError) in try library.item(params) }
        router.register(Methods.LibraryPlay.self) { params, _ throws(RPCError) in
            let (selection, container) = try library.playback(at: params.indexPath)
            return LibraryPlayResult(
                status: RemoteCommandStatus(
                    try await RPCError.wording { () throws(PlayerCommandError) in try await player.play(selection, container: container) }))
        }
        router.register(Methods.PlayerPlayFromSearch.self) { params, _ throws(RPCError) in
            guard BrowseTree.hasWords(params.query) else {
                let recent = await LibraryReads.run { library.recentlyPlayed() }
                let status = try await RPCError.wording { () throws(PlayerCommandError) in try await player.resumeLastPlayed(recent: recent) }
                return PlayerPlayFromSearchResult(status: RemoteCommandStatus(status))
            }
            guard let found = try await LibraryReads.run({ () throws(RPCError) in try library.searchPlayback(params.query) }) else {
                return PlayerPlayFromSearchResult(status: .noSuchContent)
            }
            let status = try await RPCError.wording { () throws(PlayerCommandError) in
                try await player.playFromSearch(found.playback.selection, container: found.container, shuffled: found.playback.shuffled)
            }
            return PlayerPlayFromSearchResult(status: RemoteCommandStatus(status), chosen: found.chosen)
        }
        router.register(Methods.LibrarySearch.self) { params, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try library.search(params) }
        }
        router.register(Methods.LibraryScan.self) { params, _ throws(RPCError) in try await library.scan(params) }
        router.register(Methods.LibraryProblems.self) { _, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try library.problems() }
        }
        router.register(Methods.LibraryStats.self) { _, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try library.stats() }
        }
        router.register(Methods.ContextGet.self) { _, _ in library.contentLimits() }
        router.register(Methods.ContextSet.self) { params, _ throws(RPCError) in try library.setContentLimits(params) }
    }
}
