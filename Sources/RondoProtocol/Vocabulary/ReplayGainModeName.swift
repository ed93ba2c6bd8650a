/// Which ReplayGain tracks play at (`player.replayGain`, `[playback] replaygain`).
public enum ReplayGainModeName: String, WireName {
    /// As the files are.
    case off
    /// Each track at its own gain.
    case track
    /// Each track at its album's gain.
    case album
    /// Album gain while the queue plays in order, track gain under shuffle.
    case auto
}
