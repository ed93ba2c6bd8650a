import Library
import RondoProtocol

/// The `radio.*` methods: the stations the listener keeps in the library's database, beside
/// what scans find and never touched by them.
extension LibraryService {
    /// `radio.list`: every station, by name.
    func stations() throws(RPCError) -> [RadioStation] {
        let store = try libraryStore()
        return try Self.querying { () throws(StoreError) in try store.stations() }.map(RadioStation.init)
    }

    /// `radio.add`: keeps a station, or renames the one with the same URL; on disk once
    /// answered. A change publishes `library.changed`, so browsers show the Radio tab anew.
    func addStation(_ params: RadioAddParams) throws(RPCError) -> RadioAddResult {
        let store = try libraryStore()
        let kept = try Self.keepingStations { () throws(StationError) in
            try store.addStation(StationDraft(url: params.url, name: params.name, artworkURL: params.artwork))
        }
        switch kept.change {
        case .added: publishLibraryChanged(LibraryScanResult(added: 1, updated: 0, removed: 0, problems: 0))
        case .updated: publishLibraryChanged(LibraryScanResult(added: 0, updated: 1, removed: 0, problems: 0))
        case .unchanged: break
        }
        return RadioAddResult(identifier: kept.station.identifier)
    }

    /// `radio.remove`: forgets a station; on disk once answered; publishes `library.changed`.
    func removeStation(_ params: IdentifierParams) throws(RPCError) -> Empty {
        let store = try libraryStore()
        try Self.keepingStations { () throws(StationError) in try store.removeStation(identifier: params.identifier) }
        publishLibraryChanged(LibraryScanResult(added: 0, updated: 0, removed: 1, problems: 0))
        return Empty()
    }

    private static func keepingStations<T>(_ body: () throws(StationError) -> T) throws(RPCError) -> T {
        do {
            return try body()
        } catch {
            throw RPCError(error)
        }
    }
}
