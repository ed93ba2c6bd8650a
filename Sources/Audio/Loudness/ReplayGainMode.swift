/// Which ReplayGain a track is played at (`[playback] replaygain`).
public enum ReplayGainMode: String, Sendable, CaseIterable {
    /// As the file is, whatever its tags say.
    case off
    /// Each track at its own gain: every track as loud as the next.
    case track
    /// Each track at its album's gain: albums as loud as each other, and quiet songs quiet
    /// within their album.
    case album
    /// Album gain while the queue plays in order, track gain under shuffle (as MPD does):
    /// tracks of different albums in a shuffled queue would jump in loudness otherwise.
    case auto
}
