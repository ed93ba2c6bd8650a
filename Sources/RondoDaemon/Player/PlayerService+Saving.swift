import Library
import Playback

/// Keeping the player's state on disk: each change handed to the writer, the position
/// saved while playing (a timed chore of ``PlayerService/run()``), and requests answered
/// once what they changed is written.
extension PlayerService {
    /// Saves the position when a save is due while playing, often enough that a crash loses
    /// less than a second of media time at the rate in force (``positionSaveInterval(rate:)``);
    /// the first save is due one interval after playing starts, which itself was saved.
    func savePositionIfDue() {
        guard player.state == .playing else {
            nextPositionSave = nil
            return
        }
        let clock = sessions.now()
        if let due = nextPositionSave, clock >= due {
            observeOutput()
            persist()
            keepResumePoint()
        } else if nextPositionSave != nil {
            return
        }
        nextPositionSave = clock + Self.positionSaveInterval(rate: player.rate)
    }

    /// Seconds between two saves of the position while playing at `rate`: 0.8 s of media
    /// time, and no longer than 0.8 s of wall time at rates below 1 — each save is an SQLite
    /// write, and at 1× this is half the writes a fixed 0.4 s made.
    nonisolated static func positionSaveInterval(rate: Double) -> Double {
        0.8 / max(rate, 1)
    }

    /// Hands the player's state to the writer; the store writes only what changed since the
    /// last save.
    func persist() {
        persistence?.save(SavedPlaybackState(player.snapshot(at: now()), feedbackChanges: feedbackChanges, savedAt: now()))
        feedbackChanges = [:]
    }

    /// Waits until every change made so far is on disk: a request is answered once what it
    /// changed would survive a `kill -9`.
    nonisolated func written() async {
        await persistence?.written()
    }
}
