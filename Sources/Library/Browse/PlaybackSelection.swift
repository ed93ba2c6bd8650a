/// What `library.play` or `queue add` queues: playable items and the one to start at.
///
/// A selection holds the tracks of one list or the stations of `Radio`, never both.
/// Spoken-word tracks keep their ``CatalogTrack/resumePosition``, so the player can resume.
public struct PlaybackSelection: Equatable, Sendable {
    /// The most items one selection holds; a longer list is queued as a window of this size.
    public static let maximumTrackCount = 1000

    /// The items, in list order; never empty, at most ``maximumTrackCount``.
    public var items: [PlaybackItem]
    /// Index into ``items`` of the item to start with.
    public var startIndex: Int
    /// Where in the start item to begin, in seconds, when a chapter was chosen; `nil` for
    /// its beginning, or a spoken-word track's resume point.
    public var startOffset: Double?

    /// Creates a selection.
    public init(items: [PlaybackItem], startIndex: Int, startOffset: Double? = nil) {
        self.items = items
        self.startIndex = startIndex
        self.startOffset = startOffset
    }

    /// Its track alone, from the chapter's start.
    init(chapter: CatalogChapter) {
        self.init(items: [.track(chapter.track)], startIndex: 0, startOffset: chapter.start)
    }

    /// The tracks among ``items``, in order.
    public var tracks: [CatalogTrack] {
        items.compactMap { item in
            if case .track(let track) = item { track } else { nil }
        }
    }

    /// The stations among ``items``, in order.
    public var stations: [CatalogStation] {
        items.compactMap { item in
            if case .station(let station) = item { station } else { nil }
        }
    }
}
