/// The containers the tree always has when the library holds tracks or stations, at fixed
/// index paths, with fixed identifiers that ``BrowseTree/item(forIdentifier:)`` resolves.
enum FixedContainer: CaseIterable, Equatable {
    case library, artists, albums, songs, genres, recent, playlists, spoken, radio

    /// The root's items, in order: a car's tab bar, which holds four.
    static let rootItems: [FixedContainer] = [.library, .playlists, .spoken, .radio]
    /// `Library`'s items, in order: `Recently Played` is the listener's history of the
    /// library's tracks, so it sits with the library's other views of them.
    static let libraryItems: [FixedContainer] = [.artists, .albums, .songs, .genres, .recent]

    /// Its identifier, the same in every library.
    var identifier: String {
        switch self {
        case .library: "rondo:library"
        case .artists: "rondo:library:artists"
        case .albums: "rondo:library:albums"
        case .songs: "rondo:library:songs"
        case .genres: "rondo:library:genres"
        case .playlists: "rondo:playlists"
        case .spoken: "rondo:spoken"
        case .recent: "rondo:recent"
        case .radio: "rondo:radio"
        }
    }

    var title: String {
        switch self {
        case .library: "Library"
        case .artists: "Artists"
        case .albums: "Albums"
        case .songs: "Songs"
        case .genres: "Genres"
        case .playlists: "Playlists"
        case .spoken: "Podcasts & Books"
        case .recent: "Recently Played"
        case .radio: "Radio"
        }
    }

    /// Where it sits in the tree.
    var indexPath: [Int] {
        switch self {
        case .library, .playlists, .spoken, .radio: [Self.rootItems.firstIndex(of: self)!]
        case .artists, .albums, .songs, .genres, .recent: [0, Self.libraryItems.firstIndex(of: self)!]
        }
    }

    /// The catalog list of its children; `nil` for `Library`, whose children are fixed.
    var list: CatalogList? {
        switch self {
        case .library: nil
        case .artists: .artists
        case .albums: .albums
        case .songs: .songs
        case .genres: .genres
        case .playlists: .playlists
        case .spoken: .spokenShows
        case .recent: .recentlyPlayed
        case .radio: .stations
        }
    }

    /// The noun its count is given in, singular and plural.
    var countNoun: (one: String, many: String)? {
        switch self {
        case .library: nil
        case .artists: ("artist", "artists")
        case .albums: ("album", "albums")
        case .songs, .recent: ("song", "songs")
        case .genres: ("genre", "genres")
        case .playlists: ("playlist", "playlists")
        case .spoken: ("show", "shows")
        case .radio: ("station", "stations")
        }
    }
}
