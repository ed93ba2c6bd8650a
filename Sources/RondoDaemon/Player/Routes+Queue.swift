import Playback
import RondoProtocol
import RondoRouting

extension Routes {
    /// The `queue.*` methods; items are resolved against the library before they are
    /// queued (an edit is answered once it is on disk: ``ReplyPolicies``).
    func registerQueueMethods(in router: inout Router) {
        let player = self.player
        let library = self.library
        router.register(Methods.QueueGet.self) { params, _ in
            let page = await player.queue(offset: params.offset ?? 0, limit: params.limit)
            guard page.entries.contains(where: { !$0.isDescribed }) else { return QueueGetResult(page) }
            let described = await LibraryReads.run { library.described(page) }
            if !described.uncatalogued.isEmpty { await player.describe(described.uncatalogued) }
            return QueueGetResult(described.page)
        }
        router.register(Methods.QueueSet.self) { params, _ throws(RPCError) in
            let items = try library.resolve(params.items)
            return QueueCountResult(
                count: try await RPCError.wording { () throws(PlayerCommandError) in
                    try await player.replace(items, startIndex: params.startIndex, play: params.play ?? false)
                })
        }
        router.register(Methods.QueueAppend.self) { params, _ throws(RPCError) in
            let items = try library.resolve(params.items)
            guard params.play == true else {
                if params.startIndex != nil {
                    throw RPCError(.badParam, "startIndex on queue.append says where to start playing; give play: true with it")
                }
                return QueueCountResult(count: try await RPCError.wording { () throws(PlayerCommandError) in try await player.append(items) })
            }
            let start = params.startIndex ?? 0
            return QueueCountResult(
                count: try await RPCError.wording { () throws(PlayerCommandError) in try await player.appendAndPlay(items, startingAt: start) })
        }
        router.register(Methods.QueueRemove.self) { params, _ throws(RPCError) in
            try await RPCError.wording { () throws(PlayerCommandError) in try await player.remove(at: params.index) }
            return Empty()
        }
        router.register(Methods.QueueMove.self) { params, _ throws(RPCError) in
            try await RPCError.wording { () throws(PlayerCommandError) in try await player.move(from: params.from, to: params.to) }
            return Empty()
        }
        router.register(Methods.QueueClear.self) { _, _ in
            await player.clear()
            return Empty()
        }
        router.register(Methods.QueuePlayIndex.self) { params, _ throws(RPCError) in
            try await RPCError.wording { () throws(PlayerCommandError) in try await player.playIndexWaitingForStream(params.index) }
            return Empty()
        }
    }
}
