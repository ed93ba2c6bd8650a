import Audio
import Foundation
import TagReading
import Testing

/// The factor a track is played at, from its ReplayGain tags and the settings.
@Suite struct ReplayGainSettingsTests {
    private static let tagged = ReplayGainValues(trackGain: -6, trackPeak: 0.5, albumGain: -3, albumPeak: 0.9)

    private static func decibels(_ factor: Double) -> Double { 20 * log10(factor) }

    /// Off plays every file as it is.
    @Test(arguments: [false, true]) func offIsUnity(shuffled: Bool) {
        #expect(ReplayGainSettings(mode: .off, preampDecibels: 6).factor(for: Self.tagged, shuffled: shuffled) == 1)
    }

    /// Track and album modes use their own gain, whatever the order.
    @Test(arguments: [false, true]) func trackAndAlbumUseTheirGain(shuffled: Bool) {
        #expect(abs(Self.decibels(ReplayGainSettings(mode: .track).factor(for: Self.tagged, shuffled: shuffled)) + 6) < 1e-9)
        #expect(abs(Self.decibels(ReplayGainSettings(mode: .album).factor(for: Self.tagged, shuffled: shuffled)) + 3) < 1e-9)
    }

    /// Auto is album gain in order and track gain under shuffle.
    @Test func autoFollowsShuffle() {
        let auto = ReplayGainSettings(mode: .auto)
        #expect(abs(Self.decibels(auto.factor(for: Self.tagged, shuffled: false)) + 3) < 1e-9)
        #expect(abs(Self.decibels(auto.factor(for: Self.tagged, shuffled: true)) + 6) < 1e-9)
    }

    /// A missing gain falls back to the other one; a file with neither plays as it is.
    @Test func missingGainFallsBack() {
        let trackOnly = ReplayGainValues(trackGain: -4)
        let albumOnly = ReplayGainValues(albumGain: -2)
        #expect(abs(Self.decibels(ReplayGainSettings(mode: .album).factor(for: trackOnly, shuffled: false)) + 4) < 1e-9)
        #expect(abs(Self.decibels(ReplayGainSettings(mode: .track).factor(for: albumOnly, shuffled: false)) + 2) < 1e-9)
        #expect(ReplayGainSettings(mode: .track, preampDecibels: 6).factor(for: .none, shuffled: false) == 1)
    }

    /// The pre-amplification adds to the tagged gain.
    @Test func preampAdds() {
        let factor = ReplayGainSettings(mode: .track, preampDecibels: 2.5).factor(for: ReplayGainValues(trackGain: -6), shuffled: false)
        #expect(abs(Self.decibels(factor) + 3.5) < 1e-9)
    }

    /// Clipping prevention holds gain × peak at full scale; without it the gain stands.
    @Test func clippingPreventionUsesThePeak() {
        let loud = ReplayGainValues(trackGain: 6, trackPeak: 0.8)
        #expect(abs(ReplayGainSettings(mode: .track).factor(for: loud, shuffled: false) - 1 / 0.8) < 1e-12)
        #expect(abs(Self.decibels(ReplayGainSettings(mode: .track, preventsClipping: false).factor(for: loud, shuffled: false)) - 6) < 1e-9)
        let quiet = ReplayGainValues(trackGain: -6, trackPeak: 0.8)
        #expect(abs(Self.decibels(ReplayGainSettings(mode: .track).factor(for: quiet, shuffled: false)) + 6) < 1e-9)
    }

    /// Two tracks tagged −6 dB and +3 dB play 9 dB apart in track mode (peaks low enough
    /// not to clip), and at the same level with ReplayGain off.
    @Test func nineDecibelsApart() {
        let quiet = ReplayGainValues(trackGain: -6, trackPeak: 0.3)
        let loud = ReplayGainValues(trackGain: 3, trackPeak: 0.3)
        let track = ReplayGainSettings(mode: .track)
        #expect(abs(Self.decibels(track.factor(for: loud, shuffled: false) / track.factor(for: quiet, shuffled: false)) - 9) < 1e-9)
        #expect(ReplayGainSettings.standard.factor(for: loud, shuffled: false) == ReplayGainSettings.standard.factor(for: quiet, shuffled: false))
    }
}
