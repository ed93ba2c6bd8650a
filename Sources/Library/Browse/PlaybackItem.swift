/// One thing a ``PlaybackSelection`` queues: a library track, or a radio station's stream.
public enum PlaybackItem: Equatable, Sendable {
    case track(CatalogTrack)
    case station(CatalogStation)

    /// What the queue holds: the track's file path (an episode's identifier), or the
    /// station's URL.
    public var location: String {
        switch self {
        case .track(let track): track.path
        case .station(let station): station.url
        }
    }

    /// The item of a catalog entry that plays by itself; `nil` for containers, and for a
    /// chapter, which plays as its track from where it starts (``PlaybackSelection``).
    init?(_ entry: CatalogEntry) {
        switch entry {
        case .track(let track): self = .track(track)
        case .station(let station): self = .station(station)
        case .artist, .album, .genre, .playlist, .show, .chapter, .podcast: return nil
        }
    }
}
