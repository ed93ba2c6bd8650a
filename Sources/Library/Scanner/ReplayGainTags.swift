/// A track's ReplayGain as the library keeps it: gains in decibels relative to ReplayGain's
/// −18 LUFS reference (an Opus file's R128 gains already converted), peaks linear (1 is full
/// scale); each `nil` when the file does not say.
public struct ReplayGainTags: Equatable, Sendable {
    public var trackGain: Double?
    public var trackPeak: Double?
    public var albumGain: Double?
    public var albumPeak: Double?

    /// Creates values; missing ones are `nil`.
    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil) {
        self.trackGain = trackGain
        self.trackPeak = trackPeak
        self.albumGain = albumGain
        self.albumPeak = albumPeak
    }
}
