/// What the library has of some queued locations: the tracks it holds at them, by path, and
/// the locations it does not hold (addresses, episodes' audio, files outside the library), in
/// the order asked. A front end listing a queue shows the first at once and has the player
/// read the others.
public struct CataloguedLocations: Sendable {
    /// The library's tracks, by path.
    public var tracks: [String: CatalogTrack]
    /// The locations the library has no track at, in the order asked.
    public var uncatalogued: [String]

    /// `tracks` found, and the rest of `locations` left to be read.
    public init(_ locations: [String], tracks: [String: CatalogTrack]) {
        self.tracks = tracks
        uncatalogued = locations.filter { tracks[$0] == nil }
    }
}

extension LibraryStore {
    /// What the library has of `locations`, in one query for the files among them. A
    /// database that cannot be read leaves every location uncatalogued: each is then read
    /// from its file.
    public func catalogued(_ locations: [String]) -> CataloguedLocations {
        let files = locations.filter { $0.hasPrefix("/") }
        return CataloguedLocations(locations, tracks: (try? tracks(atPaths: files)) ?? [:])
    }
}
