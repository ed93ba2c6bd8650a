import Foundation

/// A radio station the listener added: a stream's URL under a name of their choosing.
///
/// Stations are kept by the store beside the scanned library and never touched by a scan.
public struct CatalogStation: Equatable, Sendable {
    /// Row id in the store.
    public var id: Int64
    /// `rondo:station:` + hex FNV-1a of ``url``: the same for the same URL, across restarts.
    public var identifier: String
    /// What the station is called; the URL's host when it was added without a name.
    public var name: String
    /// The stream's `http://` or `https://` URL, as it was added.
    public var url: String
    /// A picture of the station on the web, when one was given.
    public var artworkURL: String?

    /// Creates a station.
    public init(id: Int64, identifier: String, name: String, url: String, artworkURL: String? = nil) {
        self.id = id
        self.identifier = identifier
        self.name = name
        self.url = url
        self.artworkURL = artworkURL
    }

    /// The host of ``url``, shown under the station's name.
    public var host: String? {
        URL(string: url)?.host
    }
}
