import RondoProtocol

extension Routes {
    /// The `library.*` and `context.*` methods.
    func registerLibraryMethods(in router: inout Router) {
        let library = self.library
        let player = self.player
        // Items show how far listening got, which `play` and `pause` write after their
        // replies: reads that show it wait for those writes, so a client sees what it did.
        router.register(Methods.LibraryChildren.self) { params, _ throws(RPCError) in
            await player.written()
            return try library.children(params)
        }
        router.register(Methods.LibraryItem.self) { params, _ throws(RPCError) in
            await player.written()
            return try library.item(params)
        }
        router.register(Methods.LibraryCount.self) { params, _ throws(RPCError) in try library.count(params) }
        router.register(Methods.LibraryItemForIdentifier.self) { params, _ throws(RPCError) in
            await player.written()
            return try library.item(params)
        }
        router.register(Methods.LibraryPlay.self) { [self] params, _ throws(RPCError) in
            let (selection, container) = try library.playback(at: params.indexPath)
            return try await kept { () throws(RPCError) in try await player.play(selection, container: container) }
        }
        router.register(Methods.LibrarySearch.self) { params, _ throws(RPCError) in
            await player.written()
            return try await LibraryReads.run { () throws(RPCError) in try library.search(params) }
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
