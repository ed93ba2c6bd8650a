import RondoProtocol
import RondoRouting

extension Routes {
    /// The `radio.*` methods. Each runs off the cooperative pool (``LibraryReads``): adding or
    /// removing a station waits for the database's one writer, which a scan's batch may hold.
    /// A change is committed before its handler returns, so it is answered once decided
    /// (``ReplyPolicies``) and is already on disk.
    func registerRadioMethods(in router: inout Router) {
        let library = self.library
        router.register(Methods.RadioList.self) { _, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try library.stations() }
        }
        router.register(Methods.RadioAdd.self) { params, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try library.addStation(params) }
        }
        router.register(Methods.RadioRemove.self) { params, _ throws(RPCError) in
            try await LibraryReads.run { () throws(RPCError) in try library.removeStation(params) }
        }
    }
}
