/// The now-playing dictionary of the current item, as MPNowPlayingInfoCenter holds it.
///
/// `elapsedPlaybackTime` is exact as of `timestamp` (Unix seconds); a reader extrapolates
/// `elapsedPlaybackTime + (now - timestamp) * playbackRate`.
public struct NowPlayingInfo: Equatable, Sendable {
    /// Tags and duration of the item.
    public var metadata: TrackMetadata
    /// Media time played, in seconds, as of ``timestamp``.
    public var elapsedPlaybackTime: Double
    /// Current rate: 0 unless playing; while scanning, the scan rate (negative backward).
    public var playbackRate: Double
    /// The rate `play` uses.
    public var defaultPlaybackRate: Double
    /// Index of the item in the queue.
    public var playbackQueueIndex: Int
    /// Number of items in the queue.
    public var playbackQueueCount: Int
    /// Where the item's audio comes from (`file://` URL).
    public var assetURL: String
    /// When ``elapsedPlaybackTime`` was exact, in Unix seconds.
    public var timestamp: Double

    /// Creates now-playing info.
    public init(
        metadata: TrackMetadata, elapsedPlaybackTime: Double, playbackRate: Double,
        defaultPlaybackRate: Double, playbackQueueIndex: Int, playbackQueueCount: Int,
        assetURL: String, timestamp: Double
    ) {
        self.metadata = metadata
        self.elapsedPlaybackTime = elapsedPlaybackTime
        self.playbackRate = playbackRate
        self.defaultPlaybackRate = defaultPlaybackRate
        self.playbackQueueIndex = playbackQueueIndex
        self.playbackQueueCount = playbackQueueCount
        self.assetURL = assetURL
        self.timestamp = timestamp
    }

    /// What kind of media the item is: always ``NowPlayingMediaType/audio``.
    public var mediaType: NowPlayingMediaType { .audio }

    /// The item's chapters, ordered (``Chapters``).
    public var chapters: Chapters { Chapters(metadata.chapters, duration: metadata.duration) }

    /// The chapter playing, counting from 0 (MPNowPlayingInfoPropertyChapterNumber); `nil`
    /// without chapters.
    public var chapterNumber: Int? { chapters.index(at: elapsedPlaybackTime) }

    /// How many chapters the item has; `nil` without chapters.
    public var chapterCount: Int? { metadata.chapters.isEmpty ? nil : chapters.count }

    /// The title of the chapter playing, when it has one.
    public var chapterTitle: String? {
        let chapters = chapters
        return chapters.index(at: elapsedPlaybackTime).flatMap { chapters.all[$0].title }
    }

    /// The fraction of the item played, `elapsedPlaybackTime / duration` in [0, 1], or `nil`
    /// while the duration is unknown or zero.
    public var playbackProgress: Double? {
        guard let duration = metadata.duration, duration > 0 else { return nil }
        return min(1, max(0, elapsedPlaybackTime / duration))
    }
}
