/// The now playing as the player publishes it after every change that shows: the current
/// item's now-playing info, the transport, the listener's volume, whether playing waits for
/// the network, and the sleep timer. Each front end shows it in its own words (the JSON
/// events and `nowPlaying.get`, MPRIS's properties).
public struct PlayerNowPlaying: Equatable, Sendable {
    /// The current item's now-playing info; `nil` with nothing current.
    public var info: NowPlayingInfo?
    /// The transport.
    public var state: PlaybackState
    /// Identifiers of the playing item and its containers, for a browser to mark it.
    public var identifiers: [String]
    /// The listener's volume for the player, 0 to 1.
    public var volume: Double
    /// Whether playing waits for the network.
    public var buffering: Bool
    /// The sleep timer, while one is set.
    public var sleep: SleepTimerState?

    /// The now playing of a player in `state` with `info` current.
    public init(
        info: NowPlayingInfo? = nil, state: PlaybackState = .stopped, identifiers: [String] = [], volume: Double = 1,
        buffering: Bool = false, sleep: SleepTimerState? = nil
    ) {
        self.info = info
        self.state = state
        self.identifiers = identifiers
        self.volume = volume
        self.buffering = buffering
        self.sleep = sleep
    }
}
