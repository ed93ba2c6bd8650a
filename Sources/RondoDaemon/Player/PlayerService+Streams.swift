import Audio
import Playback

/// Streams over the network: whether sound waits for the network, what a live stream says
/// it plays, and what changes in the command center while a live stream is current.
extension PlayerService {
    /// A remote command, answered once a stream it started plays, or with why it cannot.
    /// The output is connected first (``connectOutput()``); the wait for the stream begins
    /// before the actor is let go, so the stream's outcome cannot slip past.
    func sendWaitingForStream(_ command: RemoteCommand) async throws(PlayerCommandError) -> CommandResult {
        await connectOutput()
        let result = try carryOut(command)
        try await streamOpened()
        return result
    }

    /// `queue.playIndex`, answered once a stream it started plays, or with why it cannot.
    func playIndexWaitingForStream(_ index: Int) async throws(PlayerCommandError) {
        await connectOutput()
        try playIndex(index)
        try await streamOpened()
    }

    /// Shows whether sound waits for the network (`nowPlaying.get`'s `buffering`).
    func waitingForNetwork(_ waiting: Bool) {
        guard buffering != waiting else { return }
        buffering = waiting
        announce(.nowPlayingChanged)
    }

    /// Shows what the source of entry `id` said about its content, now heard: its song
    /// title and its station's name (``TrackMetadata/said(byStream:)``). Kept with the
    /// entry's description, so it stays until the stream says otherwise.
    func streamSaid(_ said: [String: String], entry id: UInt64) {
        guard let current = player.queue.current, current.id == id else { return }
        let metadata = metadata(for: current).said(byStream: said)
        descriptions.streamSaid(said, at: current.location, metadata: metadata)
        describeChange(of: current, to: metadata)
    }

    /// Sets `entry`'s metadata; when it is current and whether it is a live stream changed,
    /// the commands that move through time are enabled or disabled with it and the output
    /// plays at the rate that now applies; when whether it is spoken word changed, the skip
    /// intervals the command center publishes change with it.
    func describeChange(of entry: QueueEntry, to metadata: TrackMetadata) {
        let (wasLive, wasSpoken) = (player.isLive, player.currentIsSpokenWord)
        for effect in player.setMetadata(metadata, for: entry.id) { announce(effect) }
        if player.isLive != wasLive { engine.setRate(player.outputRate) }
        guard player.isLive != wasLive || player.currentIsSpokenWord != wasSpoken else { return }
        apply([RemoteEffect.remoteChanged])
    }
}
