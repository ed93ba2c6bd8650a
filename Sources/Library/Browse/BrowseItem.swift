/// One content item of the browse tree, with the fields of SPEC §6.
public struct BrowseItem: Equatable, Sendable {
    /// Stable across rescans: a fixed container's `rondo:…` name, or the catalog record's identifier.
    public var identifier: String
    public var title: String
    /// A short second line: "artist — album" for a track, "artist · year" for an album, a count
    /// for artists, genres, playlists and fixed containers, the author for a show, the host of
    /// its URL for a station, "book · 1:02:03" (its title and where it starts) for a chapter.
    public var subtitle: String?
    /// Whether the item has children to browse (a track has when its file has chapters).
    public var isContainer: Bool
    /// Whether ``BrowseTree/playback(at:limits:)`` can queue something for it.
    public var isPlayable: Bool
    /// Whether it plays from the network: `true` for a radio station, a podcast and an
    /// episode not downloaded, `false` for the library's files.
    public var isStreamingContent: Bool
    /// What a podcast's feed says of a show or an episode (`itunes:explicit`); `false` for
    /// the library's files, whose tags carry no such flag.
    public var isExplicitContent: Bool
    /// For a spoken-word track, how far listening got (0…1, 0 when never started, `nil` when
    /// its duration is unknown); for one of its chapters, how far into that chapter; for a
    /// show, the fraction of its episodes finished, when the catalog says; `nil` for music.
    public var playbackProgress: Double?
    /// A cover the artwork cache wrote.
    public var artwork: CatalogArtwork?
    /// A picture on the web, for an item whose artwork is no file of the cache (a station's,
    /// a podcast's or an episode's).
    public var artworkURL: String?

    /// Creates an item.
    public init(
        identifier: String, title: String, subtitle: String? = nil, isContainer: Bool, isPlayable: Bool,
        isStreamingContent: Bool = false, isExplicitContent: Bool = false, playbackProgress: Double? = nil,
        artwork: CatalogArtwork? = nil, artworkURL: String? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
        self.isContainer = isContainer
        self.isPlayable = isPlayable
        self.isStreamingContent = isStreamingContent
        self.isExplicitContent = isExplicitContent
        self.playbackProgress = playbackProgress
        self.artwork = artwork
        self.artworkURL = artworkURL
    }
}
