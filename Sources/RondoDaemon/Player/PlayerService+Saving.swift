import Audio
import Library
import Logging
import Playback

/// Keeping the player's state on disk: each change handed to the writer, the position
/// saved by the writer itself while playing, requests answered once what they changed is
/// written, and the state restored at start.
extension PlayerService {
    /// Seconds between two saves of the position while playing at `rate`: 0.8 s of media
    /// time, and no longer than 0.8 s of wall time at rates below 1, so a crash loses less
    /// than a second of media at every rate.
    nonisolated static func positionSaveInterval(rate: Double) -> Double {
        0.8 / max(rate, 1)
    }

    /// Hands the player's state to the writer (the store writes only what changed since the
    /// last save) and, while playing, the position for the writer to keep saving until the
    /// next state.
    func persist() {
        persistence?.save(
            SavedPlaybackState(player.snapshot(at: now()), feedbackChanges: feedbackChanges, savedAt: now()),
            watching: positionWatch())
        feedbackChanges = [:]
    }

    /// Waits until every change made so far is on disk: a request is answered once what it
    /// changed would survive a `kill -9`. The files the loader was asked to describe before
    /// are described first, so a queue edit is answered with its titles known; a track
    /// still opening is not waited for.
    nonisolated func written() async {
        await loader.caughtUp()
        await persistence?.written()
    }

    /// What the writer saves while the current entry plays: the position the engine hears
    /// in it, every ``positionSaveInterval(rate:)``, and for a spoken-word item its resume
    /// point every ``resumeSaveInterval`` seconds of listening.
    private func positionWatch() -> PositionWatch? {
        guard player.state == .playing, let store, let current = player.queue.current else { return nil }
        let engine = engine
        let now = now
        let entryID = current.id
        let resumePoint = isSpokenWord(current) ? history?.resumePointWriter(for: current.location, every: Self.resumeSaveInterval) : nil
        return PositionWatch(interval: Self.positionSaveInterval(rate: player.rate)) {
            engine.position.flatMap { $0.sourceID == entryID ? $0.seconds : nil }
        } write: { seconds in
            try store.savePosition(seconds, savedAt: now())
            try resumePoint?(seconds)
        }
    }

    /// Restores the saved queue, order, modes, rate and position, paused; then, when
    /// `resumingPlayback` (`restore_playing`) is set and the saved state was playing, plays.
    /// The play connects the output first, off the actor, to the output restored (the
    /// Snapcast server chosen is connected to, not the audio server before it).
    func restore(resumingPlayback: Bool) async {
        restoreOutput()
        let wasPlaying = restoreState()
        if resumingPlayback, wasPlaying {
            await connectOutput()
            _ = try? carryOut(.play)
        }
        nowPlayingState()
    }

    /// Restores the saved queue, order, modes, rate and position, paused; returns whether
    /// the state saved was playing.
    private func restoreState() -> Bool {
        guard let store else { return false }
        do {
            guard let saved = try store.load() else { return false }
            let snapshot = PlayerSnapshot(saved)
            player = Player(restoring: snapshot, at: now())
            if let current = player.queue.current { _ = player.setMetadata(metadata(for: current), for: current.id) }
            engine.setRate(player.rate)
            logger.info("restored \(player.queue.count) queued items, paused at \(Int(player.elapsed(at: now()))) s")
            return snapshot.playing
        } catch {
            logger.error("cannot restore the playback state: \(error)")
            return false
        }
    }
}
