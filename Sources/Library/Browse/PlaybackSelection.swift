/// What `library.play` or `queue add` queues: playable tracks and the one to start at.
///
/// Spoken-word tracks keep their ``CatalogTrack/resumePosition``, so the player can resume.
public struct PlaybackSelection: Equatable, Sendable {
    /// The most tracks one selection holds; a longer list is queued as a window of this size.
    public static let maximumTrackCount = 1000

    /// The tracks, in list order; never empty, at most ``maximumTrackCount``.
    public var tracks: [CatalogTrack]
    /// Index into ``tracks`` of the track to start with.
    public var startIndex: Int

    /// Creates a selection.
    public init(tracks: [CatalogTrack], startIndex: Int) {
        self.tracks = tracks
        self.startIndex = startIndex
    }
}
