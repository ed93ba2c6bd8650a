/// One chapter of a track in the library, as its file marks it (SPEC §11): in the browse
/// tree a track with chapters is a playable container whose children these are.
public struct CatalogChapter: Equatable, Sendable {
    /// `rondo:chapter:` + the track's hash + `:` + ``index``.
    public var identifier: String
    /// 0-based, in the file's order.
    public var index: Int
    /// The chapter's own title, if the file gives one.
    public var title: String?
    /// Seconds from the start of the file.
    public var start: Double
    /// Seconds until the next chapter or the end of the file; `nil` when the file's length
    /// is unknown.
    public var duration: Double?
    /// The file it belongs to, with its resume point.
    public var track: CatalogTrack

    /// Creates a chapter.
    public init(identifier: String, index: Int, title: String?, start: Double, duration: Double?, track: CatalogTrack) {
        self.identifier = identifier
        self.index = index
        self.title = title
        self.start = start
        self.duration = duration
        self.track = track
    }

    /// What the tree shows as its title: its own, else "Chapter N" (1-based, as a reader
    /// counts).
    public var displayTitle: String { title ?? "Chapter \(index + 1)" }
}
