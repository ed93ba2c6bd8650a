extension CatalogList {
    /// Whether the list's entries are playable items (tracks or stations), so that playing it
    /// queues them.
    var holdsPlayableItems: Bool {
        switch self {
        case .songs, .recentlyPlayed, .tracksOfAlbum, .tracksOfGenre, .tracksOfPlaylist, .tracksOfShow, .stations, .episodesOf: true
        case .artists, .albumsOf, .albums, .genres, .playlists, .spokenShows, .chaptersOf: false
        }
    }
}
