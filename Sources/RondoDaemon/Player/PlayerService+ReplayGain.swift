import Audio
import Library
import Playback
import TagReading

/// The player and ReplayGain: each entry is handed to the engine with the gain its tags and
/// the settings give it, and a change of settings is heard at once.
extension PlayerService {
    /// The engine's source for `entry`, at its ReplayGain.
    func source(for entry: QueueEntry) -> TrackSource {
        let factor = replayGain.factor(for: replayGainValues(of: entry), shuffled: player.shuffleMode != .off)
        return TrackSource(id: entry.id, path: entry.location, gain: Float(factor))
    }

    /// What `entry`'s tags say of its loudness, as the loader read them (none until then:
    /// the loader gives a track it opens its gain itself).
    func replayGainValues(of entry: QueueEntry) -> ReplayGainValues {
        description(of: entry.location)?.replayGain ?? .none
    }

    /// The ReplayGain settings in force.
    func replayGainSettings() -> ReplayGainSettings { replayGain }

    /// Puts `settings` in force (a request or a reload): what plays is heard at its new gain
    /// at once, and what is prepared next is given it.
    func setReplayGain(_ settings: ReplayGainSettings) {
        guard settings != replayGain else { return }
        replayGain = settings
        for entry in [player.queue.current, player.automaticNext].compactMap({ $0 }) {
            engine.setGain(source(for: entry).gain, forSource: entry.id)
        }
    }
}
