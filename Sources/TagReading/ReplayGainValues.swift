/// What a file's ReplayGain tags say, as playback and the library use them: gains in
/// decibels relative to ReplayGain's reference (−18 LUFS; Opus R128 gains, relative to
/// −23 LUFS, are converted when read), peaks as linear sample values (1 is full scale). Any
/// of them may be missing.
public struct ReplayGainValues: Equatable, Sendable {
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

    /// No tags at all.
    public static let none = ReplayGainValues()
}
