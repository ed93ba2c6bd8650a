/// The result of `player.replayGain` and `player.setReplayGain`: how loud tracks play from
/// their ReplayGain tags.
public struct ReplayGainState: Codable, Equatable, Sendable {
    public var mode: ReplayGainModeName
    /// Decibels added to every tagged gain.
    public var preampDb: Double
    /// Whether the gain is held down so that a track's tagged peak does not clip.
    public var preventClipping: Bool

    /// Creates the result.
    public init(mode: ReplayGainModeName, preampDb: Double, preventClipping: Bool) {
        self.mode = mode
        self.preampDb = preampDb
        self.preventClipping = preventClipping
    }
}

/// The params of `player.setReplayGain`: what to change; what is absent stays.
public struct PlayerSetReplayGainParams: Codable, Equatable, Sendable {
    public var mode: ReplayGainModeName?
    /// Decibels added to every tagged gain, −15 to 15.
    public var preampDb: Double?
    public var preventClipping: Bool?

    /// Creates params.
    public init(mode: ReplayGainModeName? = nil, preampDb: Double? = nil, preventClipping: Bool? = nil) {
        self.mode = mode
        self.preampDb = preampDb
        self.preventClipping = preventClipping
    }
}
