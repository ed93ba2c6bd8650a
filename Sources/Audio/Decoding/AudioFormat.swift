/// The PCM format a decoder produces: interleaved 32-bit float samples.
public struct AudioFormat: Equatable, Sendable {
    /// Frames per second.
    public var sampleRate: Int
    /// Samples per frame (1 mono, 2 stereo).
    public var channels: Int

    /// Creates a format.
    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }
}
