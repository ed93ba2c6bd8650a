import Library

/// A library written as data: its files' tags, its playlists, what was played last and the
/// radio stations added.
/// ``InMemoryCatalog`` derives artists, albums, genres and shows from it in the catalog's
/// documented orders.
struct CatalogFixture {
    /// One file of the music directory, as the scanner would have tagged it.
    struct Track {
        var path: String
        var title: String
        var artist: String?
        var album: String?
        var albumArtist: String?
        var genre: String?
        var disc: Int?
        var number: Int?
        var year: Int?
        var duration: Double? = 200
        var spokenWord = false
        var resumePosition: Double?
        var artwork: CatalogArtwork?
        /// The chapters its file marks: titles (`nil` for untitled) and starts, in order.
        var chapters: [(title: String?, start: Double)] = []
    }

    /// A `.m3u` file: its name and the paths it lists, in order (some may not be in the library).
    struct Playlist {
        var name: String
        var paths: [String]
    }

    var tracks: [Track] = []
    var playlists: [Playlist] = []
    /// Paths, most recent first.
    var recentlyPlayed: [String] = []
    /// For each show title, how many of its episodes were finished.
    var finishedEpisodes: [String: Int] = [:]
    /// Radio stations, by name and URL: their ids and identifiers are made up.
    var stations: [(name: String, url: String)] = []
}
