import Playback

/// The current item's chapters as the player lists them: each with its place, title, start
/// and length, and the one playing.
struct ChapterList: Sendable, Equatable {
    /// One chapter.
    struct Entry: Sendable, Equatable {
        /// Its number, from 0.
        var index: Int
        /// Its title, when it has one.
        var title: String?
        /// Where it starts, in seconds of the item.
        var start: Double
        /// How long it lasts, when known.
        var duration: Double?
    }

    /// The chapters, in order; none for an item without chapters.
    var chapters: [Entry]
    /// The number of the one playing.
    var current: Int?
}

/// Chapters of the current item (SPEC §11): listed, moved between, and told as they change.
extension PlayerService {
    /// The current item's chapters and the one playing.
    func chapters() -> ChapterList {
        guard let info = player.nowPlayingInfo(at: now()) else { return ChapterList(chapters: [], current: nil) }
        let chapters = info.chapters
        guard !info.metadata.chapters.isEmpty else { return ChapterList(chapters: [], current: nil) }
        return ChapterList(
            chapters: chapters.all.enumerated().map { index, chapter in
                ChapterList.Entry(
                    index: index, title: chapter.title, start: chapter.start,
                    duration: chapters.duration(of: index, in: info.metadata.duration))
            },
            current: info.chapterNumber)
    }

    /// Goes to a chapter by index or a step, as a seek to its start.
    /// - Throws: `notFound` without a current item or chapters; `indexOutOfRange` for a
    ///   chapter the item lacks or "next" in the last.
    func moveToChapter(_ move: ChapterMove) throws(PlayerCommandError) -> ChapterList {
        switch player.moveToChapter(move, at: now()) {
        case .failure(.noItem): throw PlayerCommandError(.notFound, "nothing is playing; play a book or an episode with chapters first")
        case .failure(.noChapters): throw PlayerCommandError(.notFound, "the current item has no chapters")
        case .failure(.noSuchChapter(let index, let count)):
            throw PlayerCommandError(.indexOutOfRange, "no chapter \(index): the current item has \(count), numbered 0 to \(count - 1)")
        case .failure(.lastChapter): throw PlayerCommandError(.indexOutOfRange, "this is the last chapter")
        case .success(let outcome):
            apply(outcome.remoteEffects)
            _ = apply(outcome.effects)
        }
        return chapters()
    }

    /// Publishes `nowPlaying.changed` when the playing item crosses into its next chapter:
    /// the wait is set again whenever the now-playing info changes, published as of
    /// `moment`. The wait is for the chapter after the one published then, not after the one
    /// playing now, so a boundary crossed in between is still told. A wait that ends before
    /// the boundary is heard (the heard position lags or was corrected back) publishes the
    /// same chapter again and waits again.
    func watchChapterBoundary(from moment: Double) {
        chapterBoundary?.cancel()
        guard player.state == .playing, let info = player.nowPlayingInfo(at: moment), info.playbackRate > 0,
            let boundary = info.chapters.nextBoundary(after: info.elapsedPlaybackTime)
        else { return }
        let wait = max(0, (boundary - info.elapsedPlaybackTime) / info.playbackRate - (now() - moment)) + 0.005
        chapterBoundary = Task { [weak self] in
            try? await Task.sleep(for: .seconds(wait))
            guard !Task.isCancelled else { return }
            await self?.chapterBoundaryReached()
        }
    }

    /// Runs on the waiting task itself, so a wait cancelled (by a seek, a pause, a new
    /// item) while it hopped onto the actor ends here and leaves the newer wait alone.
    private func chapterBoundaryReached() {
        guard !Task.isCancelled else { return }
        chapterBoundary = nil
        announce(.nowPlayingChanged)
    }
}
