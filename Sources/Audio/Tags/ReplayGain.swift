/// The loudness-normalisation values a file carries, read from Vorbis comments
/// (`REPLAYGAIN_*`, Opus `R128_*`) or ID3v2 `TXXX:REPLAYGAIN_*` frames; each is `nil` when
/// absent or not a number.
///
/// ReplayGain gains are relative to ReplayGain 2.0's reference level, −18 LUFS; R128 gains
/// are relative to EBU R128's −23 LUFS, so adding ``r128ToReplayGainOffset`` to an R128 gain
/// gives the ReplayGain-equivalent figure.
public struct ReplayGain: Equatable, Sendable {
    /// The decibels to add to play at ReplayGain's −18 LUFS reference, of this track alone
    /// (`REPLAYGAIN_TRACK_GAIN`, e.g. `-6.54 dB`).
    public var trackGain: Double?
    /// The track's highest sample, linear (1.0 is full scale; `REPLAYGAIN_TRACK_PEAK`).
    public var trackPeak: Double?
    /// The decibels to add to play the whole album at −18 LUFS (`REPLAYGAIN_ALBUM_GAIN`).
    public var albumGain: Double?
    /// The album's highest sample, linear (`REPLAYGAIN_ALBUM_PEAK`).
    public var albumPeak: Double?
    /// Opus `R128_TRACK_GAIN` in decibels: the stored signed Q7.8 integer divided by 256.
    /// Relative to EBU R128's −23 LUFS, not ReplayGain's −18 LUFS: add
    /// ``r128ToReplayGainOffset`` before comparing or combining it with ``trackGain``.
    public var r128TrackGain: Double?
    /// Opus `R128_ALBUM_GAIN` in decibels (Q7.8 / 256), relative to −23 LUFS like
    /// ``r128TrackGain``.
    public var r128AlbumGain: Double?

    /// The decibels from an R128 gain (−23 LUFS) to the ReplayGain equivalent (−18 LUFS): +5.
    public static let r128ToReplayGainOffset = 5.0

    /// Creates values; every one defaults to unknown.
    public init(
        trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil,
        r128TrackGain: Double? = nil, r128AlbumGain: Double? = nil
    ) {
        self.trackGain = trackGain
        self.trackPeak = trackPeak
        self.albumGain = albumGain
        self.albumPeak = albumPeak
        self.r128TrackGain = r128TrackGain
        self.r128AlbumGain = r128AlbumGain
    }

    /// Whether no value is known.
    public var isEmpty: Bool { self == ReplayGain() }

    /// Records `value` for the tag named `key` (case-insensitive) if it is a ReplayGain or
    /// R128 key and no value was recorded for it before.
    /// - Returns: whether `key` is one of those keys.
    @discardableResult
    mutating func record(_ key: String, _ value: String) -> Bool {
        switch key.uppercased() {
        case "REPLAYGAIN_TRACK_GAIN": trackGain = trackGain ?? Self.decibels(value)
        case "REPLAYGAIN_TRACK_PEAK": trackPeak = trackPeak ?? Self.peak(value)
        case "REPLAYGAIN_ALBUM_GAIN": albumGain = albumGain ?? Self.decibels(value)
        case "REPLAYGAIN_ALBUM_PEAK": albumPeak = albumPeak ?? Self.peak(value)
        case "R128_TRACK_GAIN": r128TrackGain = r128TrackGain ?? Self.q78(value)
        case "R128_ALBUM_GAIN": r128AlbumGain = r128AlbumGain ?? Self.q78(value)
        default: return false
        }
        return true
    }

    /// `-6.54 dB`, `+1.2dB` or `-6.54` as decibels; `nil` unless a finite number in ±100 dB.
    static func decibels(_ text: String) -> Double? {
        var number = text.trimmingSpaces
        if number.lowercased().hasSuffix("db") { number = String(number.dropLast(2)).trimmingSpaces }
        if number.hasPrefix("+") { number.removeFirst() }
        guard let value = Double(number), value.isFinite, abs(value) <= 100 else { return nil }
        return value
    }

    /// A linear peak; `nil` unless a finite number from 0 to 100.
    static func peak(_ text: String) -> Double? {
        guard let value = Double(text.trimmingSpaces), value.isFinite, (0...100).contains(value) else { return nil }
        return value
    }

    /// A signed Q7.8 integer (`-1234`) as decibels (÷ 256); `nil` outside −32768…32767.
    static func q78(_ text: String) -> Double? {
        var number = text.trimmingSpaces
        if number.hasPrefix("+") { number.removeFirst() }
        guard let value = Int16(number) else { return nil }
        return Double(value) / 256
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and NULs.
    fileprivate var trimmingSpaces: String {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\0" }
        return String(drop(while: isPadding).reversed().drop(while: isPadding).reversed())
    }
}
