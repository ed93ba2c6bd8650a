import Library

/// The library's reads every front end shares, in the library's own terms (no wire): a
/// track by its path, the tracks under a directory, the playlists and a playlist's tracks.
/// Each reads SQLite where it is called: front ends call them off their loops (MPD's
/// commands run on the library-read threads). Without a database there is nothing to read.
extension LibraryService {
    /// Whether the library's database is open: without it there is no library to read.
    var hasDatabase: Bool { store != nil }

    /// The track at `path`, if the library has one there (`nil` too when it cannot be read).
    func track(atPath path: String) -> CatalogTrack? {
        (try? store?.track(atPath: path)) ?? nil
    }

    /// The tracks under `directory` (the whole library when `nil`) for which `condition` holds.
    func tracks(under directory: String?, where condition: TrackCondition = .always, inPathOrder: Bool = true) throws(StoreError)
        -> [CatalogTrack]
    {
        try store?.tracks(under: directory, where: condition, inPathOrder: inPathOrder) ?? []
    }

    /// The id and path of each track under `directory` for which `condition` holds.
    func trackPaths(under directory: String?, where condition: TrackCondition) throws(StoreError) -> [(id: Int64, path: String)] {
        try store?.trackPaths(under: directory, where: condition) ?? []
    }

    /// The tracks with `ids`, in their order.
    func tracks(ids: [Int64]) throws(StoreError) -> [CatalogTrack] {
        try store?.tracks(ids: ids) ?? []
    }

    /// `page` with the library's titles, artists, albums and lengths for its entries the
    /// player has not described yet, read in one query: a page of a long queue shows them
    /// at once, as MPD's listing does. Also the locations of those entries the library does
    /// not hold, for the player to read; their entries keep what the page says.
    func described(_ page: QueuePage) -> (page: QueuePage, uncatalogued: [String]) {
        let unread = page.entries.filter { !$0.isDescribed }.map(\.location)
        guard !unread.isEmpty else { return (page, []) }
        let found = catalogued(unread)
        var described = page
        for index in described.entries.indices {
            guard !described.entries[index].isDescribed, let track = found.tracks[described.entries[index].location] else { continue }
            described.entries[index].title = track.title
            described.entries[index].artist = track.artist
            described.entries[index].albumTitle = track.albumTitle
            described.entries[index].duration = track.duration
        }
        return (described, found.uncatalogued)
    }

    /// What the library has of `locations` (``LibraryStore/catalogued(_:)``); without a
    /// database, none of them.
    func catalogued(_ locations: [String]) -> CataloguedLocations {
        store?.catalogued(locations) ?? CataloguedLocations(locations, tracks: [:])
    }

    /// The distinct combinations of `fields` among the tracks under `directory` for which
    /// `condition` holds.
    func distinctValues(of fields: [TrackCondition.Field], under directory: String?, where condition: TrackCondition = .always)
        throws(StoreError) -> [[String?]]
    {
        try store?.distinctValues(of: fields, under: directory, where: condition) ?? []
    }

    /// Every playlist the library lists: the music directory's and those clients saved.
    func playlists() throws(StoreError) -> [CatalogPlaylist] {
        guard let store else { return [] }
        return try store.entries(.playlists, in: 0..<Int(Int32.max)).compactMap { entry in
            if case .playlist(let playlist) = entry { playlist } else { nil }
        }
    }

    /// The paths of the library tracks `playlist` holds, in order.
    func trackPaths(of playlist: CatalogPlaylist) throws(StoreError) -> [String] {
        guard let store else { return [] }
        return try store.entries(.tracksOfPlaylist(playlist.id), in: 0..<Int(Int32.max)).compactMap { entry in
            if case .track(let track) = entry { track.path } else { nil }
        }
    }
}
