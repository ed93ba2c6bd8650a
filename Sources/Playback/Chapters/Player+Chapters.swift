/// A listener's move between chapters: to one by its number, or one step.
public enum ChapterMove: Equatable, Sendable {
    /// To the chapter at this index (from 0).
    case to(Int)
    /// To the next chapter.
    case next
    /// To the start of this chapter, or to the one before when within its first
    /// ``Chapters/restartAfter`` seconds.
    case previous
}

/// Why a chapter move could not be made.
public enum ChapterMoveFailure: Error, Equatable, Sendable {
    /// Nothing is playing or paused.
    case noItem
    /// The current item has no chapters.
    case noChapters
    /// No chapter has this index; the item has `count`.
    case noSuchChapter(index: Int, count: Int)
    /// "next" in the last chapter.
    case lastChapter
}

extension Player {
    /// The current item's chapters, ordered; empty without an item or chapters.
    public var currentChapters: Chapters {
        Chapters(currentMetadata?.chapters ?? [], duration: currentMetadata?.duration)
    }

    /// Moves to a chapter of the current item at `now`: a seek to its start.
    /// - Returns: the seek's outcome, or why there is nowhere to go.
    public mutating func moveToChapter(_ move: ChapterMove, at now: Double) -> Result<CommandOutcome, ChapterMoveFailure> {
        guard queue.current != nil else { return .failure(.noItem) }
        let chapters = currentChapters
        guard chapters.count > 0 else { return .failure(.noChapters) }
        let position = elapsed(at: now)
        let target: Double
        switch move {
        case .to(let index):
            guard chapters.all.indices.contains(index) else { return .failure(.noSuchChapter(index: index, count: chapters.count)) }
            target = chapters.all[index].start
        case .next:
            guard let start = chapters.nextStart(from: position) else { return .failure(.lastChapter) }
            target = start
        case .previous:
            target = chapters.previousStart(from: position) ?? 0
        }
        return .success(seek(to: target, at: now))
    }
}
