public import TagReading

extension ReplayGain {
    /// The values playback uses: ReplayGain gains as tagged, else an Opus file's R128 gains
    /// moved from −23 to −18 LUFS (``r128ToReplayGainOffset``); peaks as tagged.
    public var values: ReplayGainValues {
        ReplayGainValues(
            trackGain: trackGain ?? r128TrackGain.map { $0 + Self.r128ToReplayGainOffset }, trackPeak: trackPeak,
            albumGain: albumGain ?? r128AlbumGain.map { $0 + Self.r128ToReplayGainOffset }, albumPeak: albumPeak)
    }
}
