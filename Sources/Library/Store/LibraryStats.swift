/// How big the library is (`rondo library stats`).
public struct LibraryStats: Equatable, Sendable {
    /// Every track, spoken word included.
    public var tracks: Int
    /// Music albums (spoken-word shows not counted).
    public var albums: Int
    /// Artists of music albums.
    public var artists: Int
    /// Genres of music tracks.
    public var genres: Int
    /// `.m3u`/`.m3u8` playlists.
    public var playlists: Int
    /// Spoken-word tracks (podcast episodes, audiobook chapters).
    public var spokenWord: Int
    /// Files listed by `library.problems`.
    public var problems: Int
    /// Sum of the tracks' durations, in seconds.
    public var totalDuration: Double
    /// When the last scan finished, in Unix seconds; `nil` before the first scan.
    public var lastScan: Double?

    /// Creates statistics.
    public init(
        tracks: Int, albums: Int, artists: Int, genres: Int, playlists: Int, spokenWord: Int, problems: Int,
        totalDuration: Double, lastScan: Double?
    ) {
        self.tracks = tracks
        self.albums = albums
        self.artists = artists
        self.genres = genres
        self.playlists = playlists
        self.spokenWord = spokenWord
        self.problems = problems
        self.totalDuration = totalDuration
        self.lastScan = lastScan
    }
}
