public import TagReading

/// What the browse tree reads: the library's lists in their browse orders, addressed by
/// position, so that resolving an index path is one lookup per component.
///
/// The store implements it over SQLite (``LibraryStore``); tests implement it in memory.
/// Every list has a stable order (SPEC §6): artists by sort name ("The " ignored, case- and
/// accent-insensitive), albums by year (unknown last) then title, album tracks by disc, track
/// number, title. Spoken-word tracks appear only in ``CatalogList/spokenShows`` and
/// ``CatalogList/tracksOfShow(_:)`` (and in playlists and Recently Played), never under
/// artists, albums, songs or genres. Radio stations, which the listener adds rather than a
/// scan finds, are ``CatalogList/stations``, by name; subscribed podcasts are listed with the
/// spoken-word shows, and their episodes are tracks (``CatalogTrack/episode``).
public protocol LibraryCatalog: Sendable {
    /// How many entries `list` holds.
    /// - Throws: ``StoreError`` when the database cannot be read.
    func count(_ list: CatalogList) throws(StoreError) -> Int

    /// The entries of `list` at the positions in `range` (clamped to the list).
    /// - Throws: ``StoreError`` when the database cannot be read.
    func entries(_ list: CatalogList, in range: Range<Int>) throws(StoreError) -> [CatalogEntry]

    /// The artist, album, genre, playlist, show, track or station with this identifier, if any.
    /// - Throws: ``StoreError`` when the database cannot be read.
    func entry(forIdentifier identifier: String) throws(StoreError) -> CatalogEntry?

    /// Whether the library holds no track at all, spoken word included (stations aside).
    /// - Throws: ``StoreError`` when the database cannot be read.
    func isEmpty() throws(StoreError) -> Bool
}

/// One ordered list of the catalog.
public enum CatalogList: Hashable, Sendable {
    /// Every artist of music tracks (album artist, else artist), by sort name.
    case artists
    /// The albums of one artist, by year then title.
    case albumsOf(artist: Int64)
    /// Every music album, by year then title.
    case albums
    /// Every music track, by title (sort key), then artist.
    case songs
    /// Every genre of music tracks, by name.
    case genres
    /// The tracks of one album, by disc, track number, title.
    case tracksOfAlbum(Int64)
    /// The music tracks of one genre, by artist sort name, album year, album, disc, track.
    case tracksOfGenre(Int64)
    /// Every `.m3u`/`.m3u8` playlist, by name.
    case playlists
    /// The tracks of one playlist in the file's order (entries not in the library left out).
    case tracksOfPlaylist(Int64)
    /// Every spoken-word show or book (the album of spoken-word tracks) and every subscribed
    /// podcast, by title.
    case spokenShows
    /// The episodes or files of one show or book, by disc, track number, title.
    case tracksOfShow(Int64)
    /// The chapters of one track, in the file's order.
    case chaptersOf(track: Int64)
    /// The episodes of one subscribed podcast, newest first (undated ones by when they were
    /// first seen).
    case episodesOf(podcast: Int64)
    /// The last 50 distinct tracks played, most recent first.
    case recentlyPlayed
    /// Every radio station, by name (case- and accent-insensitive), then URL.
    case stations
}

/// One entry of a catalog list.
public enum CatalogEntry: Equatable, Sendable {
    case artist(CatalogArtist)
    case album(CatalogAlbum)
    case genre(CatalogGenre)
    case playlist(CatalogPlaylist)
    /// A spoken-word show or audiobook (an album of spoken-word tracks).
    case show(CatalogAlbum)
    case track(CatalogTrack)
    case station(CatalogStation)
    /// A chapter of a track that has them.
    case chapter(CatalogChapter)
    /// A subscribed podcast, whose episodes are tracks.
    case podcast(CatalogPodcast)

    /// The identifier of whatever the entry holds.
    public var identifier: String {
        switch self {
        case .artist(let artist): artist.identifier
        case .album(let album), .show(let album): album.identifier
        case .genre(let genre): genre.identifier
        case .playlist(let playlist): playlist.identifier
        case .track(let track): track.identifier
        case .station(let station): station.identifier
        case .chapter(let chapter): chapter.identifier
        case .podcast(let podcast): podcast.identifier
        }
    }

    /// What the entry is called: an artist's, genre's, playlist's or station's name, an
    /// album's, show's, track's or podcast's title, a chapter's title (or its number).
    public var title: String {
        switch self {
        case .artist(let artist): artist.name
        case .album(let album), .show(let album): album.title
        case .genre(let genre): genre.name
        case .playlist(let playlist): playlist.name
        case .track(let track): track.title
        case .station(let station): station.name
        case .chapter(let chapter): chapter.displayTitle
        case .podcast(let podcast): podcast.title
        }
    }
}

/// An artist of the library.
public struct CatalogArtist: Equatable, Sendable {
    /// Row id in the store.
    public var id: Int64
    /// Stable across rescans: `rondo:artist:` + hex FNV-1a of the folded name.
    public var identifier: String
    public var name: String
    /// Number of music albums by this artist.
    public var albumCount: Int

    /// Creates an artist.
    public init(id: Int64, identifier: String, name: String, albumCount: Int) {
        self.id = id
        self.identifier = identifier
        self.name = name
        self.albumCount = albumCount
    }
}

/// An album (or, for spoken word, a show or book).
public struct CatalogAlbum: Equatable, Sendable {
    public var id: Int64
    /// Stable across rescans: `rondo:album:` + hex FNV-1a of the folded artist and title.
    public var identifier: String
    public var title: String
    /// The album artist (else the artist of its tracks).
    public var artist: String
    public var year: Int?
    public var trackCount: Int
    /// The cover of its first track that has one.
    public var artwork: CatalogArtwork?
    /// For a show or book: how many of its episodes or chapters were listened to the end;
    /// `nil` for music, or when the catalog does not count them.
    public var finishedTrackCount: Int?
    /// For a show or book of one file that has chapters: that file's id. Its chapters are
    /// then the book's children, as a reader expects of an `.m4b`.
    public var chapteredTrack: Int64?

    /// Creates an album.
    public init(
        id: Int64, identifier: String, title: String, artist: String, year: Int?, trackCount: Int,
        artwork: CatalogArtwork?, finishedTrackCount: Int? = nil, chapteredTrack: Int64? = nil
    ) {
        self.id = id
        self.identifier = identifier
        self.title = title
        self.artist = artist
        self.year = year
        self.trackCount = trackCount
        self.artwork = artwork
        self.finishedTrackCount = finishedTrackCount
        self.chapteredTrack = chapteredTrack
    }
}

/// A genre of music tracks.
public struct CatalogGenre: Equatable, Sendable {
    public var id: Int64
    /// `rondo:genre:` + hex FNV-1a of the folded name.
    public var identifier: String
    public var name: String
    public var trackCount: Int

    /// Creates a genre.
    public init(id: Int64, identifier: String, name: String, trackCount: Int) {
        self.id = id
        self.identifier = identifier
        self.name = name
        self.trackCount = trackCount
    }
}

/// A playlist file of the music directory.
public struct CatalogPlaylist: Equatable, Sendable {
    public var id: Int64
    /// `rondo:playlist:` + hex FNV-1a of the file's path.
    public var identifier: String
    /// The file name without `.m3u`/`.m3u8`.
    public var name: String
    /// Entries that are tracks of the library.
    public var trackCount: Int

    /// Creates a playlist.
    public init(id: Int64, identifier: String, name: String, trackCount: Int) {
        self.id = id
        self.identifier = identifier
        self.name = name
        self.trackCount = trackCount
    }
}

/// An image file holding a cover, as the artwork cache wrote it.
public struct CatalogArtwork: Equatable, Sendable {
    /// Absolute path of the image file.
    public var path: String
    public var mimeType: String
    public var width: Int?
    public var height: Int?

    /// Creates artwork.
    public init(path: String, mimeType: String, width: Int?, height: Int?) {
        self.path = path
        self.mimeType = mimeType
        self.width = width
        self.height = height
    }
}

/// A track of the library.
public struct CatalogTrack: Equatable, Sendable {
    public var id: Int64
    /// Its ``TrackIdentifier`` (`rondo:track:` + the 16 hex digits of FNV-1a of its path):
    /// the same string as now-playing's `externalContentIdentifier`.
    public var identifier: String
    /// Absolute path of the file.
    public var path: String
    /// Its title tag, else the file name without extension.
    public var title: String
    public var artist: String?
    public var albumTitle: String?
    public var albumArtist: String?
    public var genre: String?
    public var composer: String?
    public var discNumber: Int?
    public var trackNumber: Int?
    public var year: Int?
    /// Seconds.
    public var duration: Double?
    /// A podcast, audiobook or other spoken-word item.
    public var isSpokenWord: Bool
    /// Where listening stopped, in seconds, for spoken word; `nil` when never started.
    public var resumePosition: Double?
    /// The rate a spoken-word track was last heard at, when it was set while it played.
    public var resumeRate: Double?
    public var artwork: CatalogArtwork?
    /// Its ReplayGain tags as last scanned.
    public var replayGain: ReplayGainValues
    /// How many chapters its file marks; 0 for none.
    public var chapterCount: Int
    /// For a podcast episode, what its feed says (its ``path`` is then its identifier);
    /// `nil` for a file of the library.
    public var episode: EpisodeFacts?
    /// When its file last changed, in seconds since the Unix epoch, as last scanned; `nil`
    /// when not known (an episode, or a file due for a rescan).
    public var modified: Int64?
    /// The album the library files it under; `nil` for an episode.
    public var albumID: Int64?
    /// Its MusicBrainz identifiers, as its tags carry them.
    public var musicBrainz: MusicBrainzIDs

    /// Creates a track.
    public init(
        id: Int64, identifier: String, path: String, title: String, artist: String? = nil,
        albumTitle: String? = nil, albumArtist: String? = nil, genre: String? = nil, composer: String? = nil,
        discNumber: Int? = nil, trackNumber: Int? = nil, year: Int? = nil, duration: Double? = nil, isSpokenWord: Bool = false,
        resumePosition: Double? = nil, resumeRate: Double? = nil, artwork: CatalogArtwork? = nil, replayGain: ReplayGainValues = ReplayGainValues(),
        chapterCount: Int = 0, episode: EpisodeFacts? = nil, modified: Int64? = nil, albumID: Int64? = nil,
        musicBrainz: MusicBrainzIDs = MusicBrainzIDs()
    ) {
        self.id = id
        self.identifier = identifier
        self.path = path
        self.title = title
        self.artist = artist
        self.albumTitle = albumTitle
        self.albumArtist = albumArtist
        self.genre = genre
        self.composer = composer
        self.discNumber = discNumber
        self.trackNumber = trackNumber
        self.year = year
        self.duration = duration
        self.isSpokenWord = isSpokenWord
        self.resumePosition = resumePosition
        self.resumeRate = resumeRate
        self.artwork = artwork
        self.replayGain = replayGain
        self.chapterCount = chapterCount
        self.episode = episode
        self.modified = modified
        self.albumID = albumID
        self.musicBrainz = musicBrainz
    }
}
