import Testing

@testable import Audio

/// ReplayGain values from their text forms, and from the ID3v2 TXXX frames of MP3 files.
struct ReplayGainTests {
    /// Gains with or without `dB` and a sign, peaks and R128 Q7.8 integers parse; nonsense does not.
    @Test func parsesTextForms() {
        #expect(ReplayGain.decibels("-6.54 dB") == -6.54)
        #expect(ReplayGain.decibels(" +1.5dB ") == 1.5)
        #expect(ReplayGain.decibels("3") == 3)
        #expect(ReplayGain.decibels("loud") == nil)
        #expect(ReplayGain.decibels("nan dB") == nil)
        #expect(ReplayGain.decibels("1e9") == nil)
        #expect(ReplayGain.peak("0.988") == 0.988)
        #expect(ReplayGain.peak("-1") == nil)
        #expect(ReplayGain.q78("-1280") == -5)
        #expect(ReplayGain.q78("+384") == 1.5)
        #expect(ReplayGain.q78("40000") == nil)
        #expect(ReplayGain.r128ToReplayGainOffset == 5)
    }

    /// The first value of a key wins, keys are case-insensitive, other keys are not taken.
    @Test func recordsTheFirstValue() {
        var gain = ReplayGain()
        let recorded = [
            gain.record("replaygain_track_gain", "-2 dB"), gain.record("REPLAYGAIN_TRACK_GAIN", "-9 dB"), gain.record("TITLE", "x"),
        ]
        #expect(recorded == [true, true, false])
        #expect(gain == ReplayGain(trackGain: -2))
        #expect(!gain.isEmpty && ReplayGain().isEmpty)
    }

    /// `TXXX:REPLAYGAIN_*` frames of an ID3v2.3 and an ID3v2.4 tag fill the same fields.
    @Test(arguments: [3, 4] as [UInt8])
    func readsID3TXXXFrames(version: UInt8) throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        var tag = ID3v2TagBuilder(version: version)
        tag.text("TIT2", "Gained")
        for (key, value) in [
            ("REPLAYGAIN_TRACK_GAIN", "-7.25 dB"), ("replaygain_track_peak", "0.5"), ("REPLAYGAIN_ALBUM_GAIN", "-8.00 dB"),
            ("REPLAYGAIN_ALBUM_PEAK", "0.75"), ("MusicBrainz Album Id", "x"),
        ] {
            tag.frame("TXXX", [0] + Array(key.utf8) + [0] + Array(value.utf8))
        }
        let tags = try AudioTagReader().scanTags(at: try fixtures.mp3("gain.mp3", tag: tag))
        #expect(tags.title == "Gained")
        #expect(tags.replayGain == ReplayGain(trackGain: -7.25, trackPeak: 0.5, albumGain: -8, albumPeak: 0.75))
    }
}
