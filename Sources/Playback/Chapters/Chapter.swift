/// A chapter of an item (a book, an episode, a long mix): where it starts and what it is
/// called, as the file's chapter marks say.
public struct Chapter: Equatable, Sendable {
    /// Its title, when the file gives one.
    public var title: String?
    /// Where it starts, in seconds of media time.
    public var start: Double

    /// Creates a chapter.
    public init(title: String?, start: Double) {
        self.title = title
        self.start = start
    }
}

/// The chapters of one item, in order of their starts, and where a position falls among
/// them. Pure: the player asks it with a position and gets a chapter or a place to seek to.
public struct Chapters: Equatable, Sendable {
    /// How far into a chapter "previous" restarts it rather than going to the one before.
    public static let restartAfter = 3.0

    /// The chapters, sorted by start; the first starts at 0 (a file whose first mark is
    /// later has a chapter before it, untitled).
    public let all: [Chapter]

    /// Orders `chapters` by start, drops marks at the same start or past `duration`, and
    /// gives the time before the first mark a chapter of its own.
    public init(_ chapters: [Chapter], duration: Double? = nil) {
        var sorted = chapters.filter { $0.start.isFinite && $0.start >= 0 && $0.start < (duration ?? .infinity) }
            .sorted { $0.start < $1.start }
        sorted = sorted.enumerated().filter { $0.offset == 0 || sorted[$0.offset - 1].start < $0.element.start }.map(\.element)
        if let first = sorted.first, first.start > 0 { sorted.insert(Chapter(title: nil, start: 0), at: 0) }
        all = sorted
    }

    /// How many chapters there are.
    public var count: Int { all.count }

    /// The chapter `position` falls in; `nil` without chapters.
    public func index(at position: Double) -> Int? {
        guard !all.isEmpty else { return nil }
        return (all.lastIndex { $0.start <= position }) ?? 0
    }

    /// How long chapter `index` lasts: to the next chapter's start, or to `duration` for the last.
    public func duration(of index: Int, in duration: Double?) -> Double? {
        guard all.indices.contains(index) else { return nil }
        let end = index + 1 < all.count ? all[index + 1].start : duration
        return end.map { max(0, $0 - all[index].start) }
    }

    /// Where "previous" goes from `position`: the start of the chapter it is in when more
    /// than ``restartAfter`` seconds in (or in the first), else the chapter before's start.
    public func previousStart(from position: Double) -> Double? {
        guard let current = index(at: position) else { return nil }
        if position - all[current].start > Self.restartAfter || current == 0 { return all[current].start }
        return all[current - 1].start
    }

    /// Where "next" goes from `position`: the next chapter's start; `nil` in the last.
    public func nextStart(from position: Double) -> Double? {
        guard let current = index(at: position), current + 1 < all.count else { return nil }
        return all[current + 1].start
    }

    /// When, after `position`, the next chapter begins; `nil` in the last or without chapters.
    public func nextBoundary(after position: Double) -> Double? {
        all.first { $0.start > position }?.start
    }
}
