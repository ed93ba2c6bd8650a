import RondoProtocol
import RondoRouting

extension Routes {
    /// The `library.*` and `context.*` methods.
    func registerLibraryMethods(in router: inout Router) {
        let library = self.library
        let player = self.player
        router.register(Methods.LibraryChildren.self) { [self] params, _ throws(RPCError) in
            try await afterPlayerWrites { () throws(RPCError) in try library.children(params) }
        }
        router.register(Methods.LibraryItem.self) { [self] params, _ throws(RPCError) in
            try await afterPlayerWrites { () throws(RPCError) in try library.item(params) }
        }
        router.register(Methods.LibraryCount.self) { params, _ throws(RPCError) in try library.count(params) }
        router.register(Methods.LibraryItemForIdentifier.self) { [self] params, _ throws(RPCError) in
            try await afterPlayerWrites { () throws(RPCError) in try library.item(params) }
        }
        router.register(Methods.LibraryPlay.self) { [self] params, _ throws(RPCError) in
            let (selection, container) = try library.playback(at: params.indexPath)
            return try await kept { () throws(RPCError) in try await player.play(selection, container: container) }
        }
        router.register(Methods.LibrarySearch.self) { [self] params, _ throws(RPCError) in
            try await afterPlayerWrites { () throws(RPCError) in
                try await LibraryReads.run { () throws(RPCError) in try library.search(params) }
            }
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

    /// Runs a library read that shows how far listening got once the player's writes handed
    /// over so far are done: `play` and `pause` write it after their replies, and a client
    /// that paused and then browses sees where it paused.
    private func afterPlayerWrites<Result>(_ read: () async throws(RPCError) -> Result) async throws(RPCError) -> Result {
        await player.written()
        return try await read()
    }
}
