/// Where an item's media time was at one moment and how fast it moves from there: the one
/// way every part of Rondo carries an elapsed time forward (the player, the now-playing
/// snapshot, MPD's `status`, MPRIS's `Position`, the CLI), so that none disagrees with another.
public struct ElapsedAnchor: Sendable, Equatable {
    /// Seconds of media time at ``time``.
    public var elapsed: Double
    /// The moment ``elapsed`` was exact at, in the caller's clock's seconds.
    public var time: Double
    /// Seconds of media time per second from then: the output's rate while playing, 0
    /// while not.
    public var rate: Double
    /// The item's length, when known: media time never passes it.
    public var duration: Double?

    /// An anchor of `elapsed` at `time`, moving at `rate`, within `duration`.
    public init(elapsed: Double, at time: Double, rate: Double, duration: Double? = nil) {
        self.elapsed = elapsed
        self.time = time
        self.rate = rate
        self.duration = duration
    }

    /// Media time at `now`, within 0 and the duration; a `now` before ``time`` (a clock
    /// read a moment earlier on another thread) is ``time``.
    public func elapsed(at now: Double) -> Double {
        clamped(elapsed + max(0, now - time) * rate)
    }

    /// Media time at `now` of the item `entryID` while it plays: what the output hears of
    /// it (`heard`, when its source is that item), else the anchor carried forward, never
    /// less than `atLeast` (what was heard of it before); within 0 and the duration.
    public func elapsed(at now: Double, of entryID: UInt64?, heard: (sourceID: UInt64, seconds: Double)?, atLeast: Double = 0) -> Double {
        if let heard, heard.sourceID == entryID { return clamped(heard.seconds) }
        return clamped(max(elapsed(at: now), atLeast))
    }

    private func clamped(_ position: Double) -> Double {
        max(0, duration.map { min(position, $0) } ?? position)
    }
}
