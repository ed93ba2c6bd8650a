/// The kind of media an item is, as the now-playing `mediaType` key names it.
public enum NowPlayingMediaType: String, Sendable, CaseIterable {
    /// Sound only: everything Rondo plays.
    case audio
}
