/// A file the engine should play, with the identity it reports progress under and the gain
/// its samples are played at.
public struct TrackSource: Equatable, Sendable {
    /// The identity used in ``EngineEvent``s (a queue entry's identity).
    public let id: UInt64
    /// Absolute path of the audio file.
    public let path: String
    /// The linear factor every decoded sample is multiplied by before the stretcher and the
    /// ring (the track's ReplayGain); 1 plays the file bit-exact.
    public var gain: Float

    /// Creates a source.
    public init(id: UInt64, path: String, gain: Float = 1) {
        self.id = id
        self.path = path
        self.gain = gain
    }

    /// This source at `gain`.
    func with(gain: Float) -> TrackSource {
        var source = self
        source.gain = gain
        return source
    }
}
