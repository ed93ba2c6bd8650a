/// A radio station on the wire (SPEC §10): an item of `radio.list`.
public struct RadioStation: Codable, Equatable, Sendable {
    /// `rondo:station:…`, derived from the URL: the same whenever the URL is added.
    public var identifier: String
    public var name: String
    /// The stream's `http://` or `https://` URL.
    public var url: String
    /// The URL of a picture of the station, when one was given.
    public var artwork: String?

    /// Creates a station.
    public init(identifier: String, name: String, url: String, artwork: String? = nil) {
        self.identifier = identifier
        self.name = name
        self.url = url
        self.artwork = artwork
    }
}

/// The params of `radio.add`.
public struct RadioAddParams: Codable, Equatable, Sendable {
    /// The stream's `http://` or `https://` URL, with a host, at most 8192 bytes.
    public var url: String
    /// 1 to 200 characters; a new station without one is named after the URL's host, and a
    /// station added again without one keeps its name.
    public var name: String?
    /// The URL of a picture of the station; a station added again without one keeps its own.
    public var artwork: String?

    /// Creates params.
    public init(url: String, name: String? = nil, artwork: String? = nil) {
        self.url = url
        self.name = name
        self.artwork = artwork
    }
}

/// The result of `radio.add`: the station's identifier, the same when the URL was added before.
public struct RadioAddResult: Codable, Equatable, Sendable {
    public var identifier: String

    /// Creates a result.
    public init(identifier: String) { self.identifier = identifier }
}
