/// The sleep timer (SPEC §15): the music fades over its last ``fadeSeconds`` and pauses,
/// either at a moment of the clock or when the item playing (or, for a book with chapters,
/// its chapter) ends. Pure: the player's service asks it, with the clock and the
/// now-playing state, when that is and how loud the music plays meanwhile.
public struct SleepTimer: Equatable, Sendable {
    /// How long the music fades before it pauses.
    public static let fadeSeconds = 10.0

    /// When the timer ends.
    public enum End: Equatable, Sendable {
        /// At this moment of the clock (seconds).
        case at(Double)
        /// When the item playing, or its chapter, ends.
        case endOfItem
    }

    /// When the timer ends.
    public var end: End

    /// A timer ending at `end`.
    public init(_ end: End) { self.end = end }

    /// When it ends on the clock, as of `now`: its moment, or for the end of an item the
    /// time the rest of the item (or chapter) takes to play at the rate it plays; `nil`
    /// when that cannot be known (paused, or an item of unknown length).
    public func endsAt(now: Double, playing info: NowPlayingInfo?) -> Double? {
        switch end {
        case .at(let moment):
            return moment
        case .endOfItem:
            guard let info, info.playbackRate > 0, let remaining = Self.remaining(in: info) else { return nil }
            return now + remaining / info.playbackRate
        }
    }

    /// Seconds of media left until the end of the item's current chapter, or of the item
    /// when it has none; `nil` for an item of unknown length (a live stream).
    public static func remaining(in info: NowPlayingInfo) -> Double? {
        if let boundary = info.chapters.nextBoundary(after: info.elapsedPlaybackTime) {
            return max(0, boundary - info.elapsedPlaybackTime)
        }
        guard info.metadata.isLiveStream != true, let duration = info.metadata.duration else { return nil }
        return max(0, duration - info.elapsedPlaybackTime)
    }

    /// The level (a gain, 0 to 1) the music plays at with `secondsLeft` until the end: full
    /// until the last ``fadeSeconds``, then falling as the square of the time left, which
    /// sounds as an even fade rather than one that lingers loud and drops at the end.
    public static func level(secondsLeft: Double) -> Double {
        let fraction = min(1, max(0, secondsLeft / fadeSeconds))
        return fraction * fraction
    }

    /// Seconds until the level should next be set, or the timer end: the start of the fade,
    /// then every `step` seconds through it.
    public static func untilNextStep(secondsLeft: Double, step: Double = 0.05) -> Double {
        secondsLeft > fadeSeconds ? secondsLeft - fadeSeconds : min(step, max(0, secondsLeft))
    }
}
