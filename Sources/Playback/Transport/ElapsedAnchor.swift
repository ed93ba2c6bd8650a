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
        var position = elapsed + max(0, now - time) * rate
        if let duration { position = min(position, duration) }
        return max(0, position)
    }
}
