/// What the audio playing decodes to: its rate and channels, and the file's bit rate (as
/// MPD's `status` shows them in `audio` and `bitrate`).
public struct DecodedFormat: Equatable, Sendable {
    /// Frames per second.
    public var sampleRate: Int
    /// Channels per frame.
    public var channels: Int
    /// The file's bit rate, kbit/s, on average over its length; `nil` for a stream, or a
    /// file whose length or size is not known.
    public var kilobitsPerSecond: Int?

    /// A format of `sampleRate` frames a second of `channels` channels, from a file of
    /// `kilobitsPerSecond` on average.
    public init(sampleRate: Int, channels: Int, kilobitsPerSecond: Int?) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.kilobitsPerSecond = kilobitsPerSecond
    }

    /// The average bit rate, kbit/s, of a file of `bytes` that plays `seconds`; `nil` when
    /// either is not known.
    public static func kilobitsPerSecond(bytes: Int?, seconds: Double?) -> Int? {
        guard let bytes, bytes > 0, let seconds, seconds > 0 else { return nil }
        return Int((Double(bytes) * 8 / seconds / 1000).rounded())
    }
}
