import RondoProtocol
import RondoRouting

extension Routes {
    /// The `queue.*` methods; items are resolved against the library before they are
    /// queued, and an edit is answered once it is on disk.
    func registerQueueMethods(in router: inout Router) {
        let player = self.player
        let library = self.library
        router.register(Methods.QueueGet.self) { params, _ in
            await player.queue(offset: params.offset ?? 0, limit: params.limit)
        }
        router.register(Methods.QueueSet.self) { [self] params, _ throws(RPCError) in
            var params = params
            params.items = try library.resolve(params.items)
            return QueueCountResult(count: try await kept { [params] () throws(RPCError) in try await player.replace(params) })
        }
        router.register(Methods.QueueAppend.self) { [self] params, _ throws(RPCError) in
            let items = try library.resolve(params.items)
            return QueueCountResult(count: try await kept { () throws(RPCError) in try await player.append(items) })
        }
        router.register(Methods.QueueRemove.self) { [self] params, _ throws(RPCError) in
            try await kept { () throws(RPCError) in try await player.remove(at: params.index) }
            return Empty()
        }
        router.register(Methods.QueueMove.self) { [self] params, _ throws(RPCError) in
            try await kept { () throws(RPCError) in try await player.move(from: params.from, to: params.to) }
            return Empty()
        }
        router.register(Methods.QueueClear.self) { [self] _, _ in
            await kept { await player.clear() }
            return Empty()
        }
        router.register(Methods.QueuePlayIndex.self) { [self] params, _ throws(RPCError) in
            try await kept { () throws(RPCError) in try await player.playIndex(params.index) }
            return Empty()
        }
    }
}
