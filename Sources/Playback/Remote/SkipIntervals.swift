/// How far `skipForward` and `skipBackward` go when a remote gives no interval: 15 s either
/// way for music; for spoken word what podcast apps offer, 15 s back and 30 s forward
/// (`[podcasts] skip_back_s` and `skip_forward_s`, SPEC §12).
public struct SkipIntervals: Sendable, Equatable {
    /// Seconds back for spoken word.
    public var spokenBack: Double
    /// Seconds forward for spoken word.
    public var spokenForward: Double

    /// The skips of music, either way.
    public static let music = 15.0
    /// The intervals the configuration accepts, in seconds.
    public static let range = 1.0...600.0

    /// Intervals for spoken word of `back` and `forward` seconds.
    public init(spokenBack: Double = 15, spokenForward: Double = 30) {
        self.spokenBack = spokenBack
        self.spokenForward = spokenForward
    }

    /// The interval of a skip `forward` (or back) of spoken word or music.
    public func interval(forward: Bool, spokenWord: Bool) -> Double {
        guard spokenWord else { return Self.music }
        return forward ? spokenForward : spokenBack
    }
}
