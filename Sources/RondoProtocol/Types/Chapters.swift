/// One chapter of the current item, as `chapters.get` lists it (SPEC §11).
public struct ChapterPayload: Codable, Equatable, Sendable {
    /// Its number, from 0.
    public var index: Int
    /// Its title, when the file gives one.
    public var title: String?
    /// Where it starts, in seconds.
    public var start: Double
    /// How long it lasts, in seconds, when the item's length is known.
    public var duration: Double?

    /// Creates a chapter.
    public init(index: Int, title: String?, start: Double, duration: Double?) {
        self.index = index
        self.title = title
        self.start = start
        self.duration = duration
    }
}

/// The result of `chapters.get`: the current item's chapters and the one playing.
public struct ChaptersResult: Codable, Equatable, Sendable {
    /// Every chapter, in order; empty when the item has none (or nothing is current).
    public var chapters: [ChapterPayload]
    /// The chapter playing; absent without chapters.
    public var current: Int?

    /// Creates the result.
    public init(chapters: [ChapterPayload], current: Int?) {
        self.chapters = chapters
        self.current = current
    }
}

/// The params of `player.chapter`: a chapter by `index`, or a `step`; exactly one.
public struct ChapterParams: Codable, Equatable, Sendable {
    /// Which way `step` goes.
    public enum Step: String, Codable, Sendable {
        /// The next chapter.
        case next
        /// The start of this chapter, or the one before within its first 3 s.
        case previous
    }

    /// The chapter to go to, from 0.
    public var index: Int?
    /// A step from the chapter playing.
    public var step: Step?

    /// Creates the params.
    public init(index: Int? = nil, step: Step? = nil) {
        self.index = index
        self.step = step
    }
}
