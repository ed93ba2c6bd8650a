import Foundation
public import TagReading

/// How loud tracks are played from their ReplayGain tags (`[playback]` of rondo.toml):
/// the mode, a pre-amplification added to every tagged gain, and whether the gain is held
/// down so that the track's peak does not clip.
///
/// The gain is one factor in the float path, before the ring: it composes with the
/// listener's volume and the arbiter's duck gain (both applied by the audio server) without
/// touching either.
public struct ReplayGainSettings: Equatable, Sendable {
    public var mode: ReplayGainMode
    /// Decibels added to the tagged gain (`preamp_db`).
    public var preampDecibels: Double
    /// Whether the gain is lowered so that gain × peak stays at or below full scale
    /// (`prevent_clipping`).
    public var preventsClipping: Bool

    /// The largest pre-amplification taken, either way, in decibels.
    public static let preampLimit = 15.0

    /// Off, no pre-amplification, clipping prevented: what a configuration that says
    /// nothing means.
    public static let standard = ReplayGainSettings(mode: .off)

    /// Creates settings.
    public init(mode: ReplayGainMode, preampDecibels: Double = 0, preventsClipping: Bool = true) {
        self.mode = mode
        self.preampDecibels = preampDecibels
        self.preventsClipping = preventsClipping
    }

    /// The linear factor a track with `values` is played at.
    ///
    /// The gain the mode asks for is used when the file has it, else the other one (a file
    /// with only a track gain plays at it in album mode, and the other way round); a file
    /// with neither plays as it is (factor 1, no pre-amplification).
    /// - Parameters:
    ///   - values: the file's tags.
    ///   - shuffled: whether the queue plays shuffled (for ``ReplayGainMode/auto``).
    public func factor(for values: ReplayGainValues, shuffled: Bool) -> Double {
        let preferAlbum: Bool
        switch mode {
        case .off: return 1
        case .track: preferAlbum = false
        case .album: preferAlbum = true
        case .auto: preferAlbum = !shuffled
        }
        let album = values.albumGain.map { ($0, values.albumPeak) }
        let track = values.trackGain.map { ($0, values.trackPeak) }
        guard let (gain, peak) = preferAlbum ? album ?? track : track ?? album else { return 1 }
        var factor = pow(10, (gain + preampDecibels) / 20)
        if preventsClipping, let peak, peak > 0 { factor = min(factor, 1 / peak) }
        return factor
    }
}
