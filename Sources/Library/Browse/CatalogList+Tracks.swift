extension CatalogList {
    /// Whether the list's entries are tracks, so that playing it queues them.
    var holdsTracks: Bool {
        switch self {
        case .songs, .recentlyPlayed, .tracksOfAlbum, .tracksOfGenre, .tracksOfPlaylist, .tracksOfShow: true
        case .artists, .albumsOf, .albums, .genres, .playlists, .spokenShows, .stations: false
        }
    }
}
