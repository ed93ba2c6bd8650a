import Library
import RondoProtocol

extension RadioStation {
    /// The wire form of a station.
    init(_ station: CatalogStation) {
        self.init(identifier: station.identifier, name: station.name, url: station.url, artwork: station.artworkURL)
    }
}

extension RPCError {
    /// The domain error that tells a client why a station was not added or removed.
    init(_ error: StationError) {
        switch error {
        case .badURL, .badName: self.init(.badParam, error.description)
        case .notFound: self.init(.notFound, error.description)
        case .store: self.init(.libraryBusy, error.description)
        }
    }
}
