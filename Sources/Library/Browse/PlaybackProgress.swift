/// How far listening got, as ``BrowseItem/playbackProgress`` shows it.
enum PlaybackProgress {
    /// A spoken-word track's resume position over its duration, in 0…1; 0 when never started,
    /// `nil` when its duration is unknown, and `nil` for music.
    /// An episode marked played is 1.
    static func of(_ track: CatalogTrack) -> Double? {
        guard track.isSpokenWord else { return nil }
        if track.episode?.played == true { return 1 }
        guard let position = track.resumePosition else { return 0 }
        guard let duration = track.duration, duration > 0 else { return nil }
        return clamped(position / duration)
    }

    /// How far into a chapter of a spoken-word track listening got, in 0…1: 0 before its
    /// start, 1 past its end; `nil` for music and when the chapter's length is unknown.
    static func of(_ chapter: CatalogChapter) -> Double? {
        guard chapter.track.isSpokenWord else { return nil }
        guard let position = chapter.track.resumePosition else { return 0 }
        guard let duration = chapter.duration, duration > 0 else { return nil }
        return clamped((position - chapter.start) / duration)
    }

    /// The fraction of a show's episodes finished, when the catalog counts them.
    static func of(_ show: CatalogAlbum) -> Double? {
        guard let finished = show.finishedTrackCount, show.trackCount > 0 else { return nil }
        return clamped(Double(finished) / Double(show.trackCount))
    }

    /// The fraction of a podcast's episodes played.
    static func of(_ podcast: CatalogPodcast) -> Double? {
        guard podcast.episodeCount > 0 else { return nil }
        return clamped(Double(podcast.episodeCount - podcast.unplayedCount) / Double(podcast.episodeCount))
    }

    /// `fraction` within 0…1; `nil` when it is not a number.
    private static func clamped(_ fraction: Double) -> Double? {
        fraction.isNaN ? nil : min(max(fraction, 0), 1)
    }
}
