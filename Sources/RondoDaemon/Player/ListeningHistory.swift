import Library

/// What the listener's listening leaves in the library, written off the player's actor by
/// the persistence writer: the plays behind Recently Played, spoken word's resume points
/// and rates, and the played mark of an episode heard to its end. Present only with a
/// library.
struct ListeningHistory: Sendable {
    /// The library the history is kept in.
    let library: LibraryStore
    /// Writes off the actor; `nil` without a state database (nothing is written then).
    let writer: PersistenceWriter?
    /// An episode counts as played when fewer seconds than this remain (`played_at_remaining_s`).
    let playedAtRemaining: Double
    /// Told once an episode heard to its end is marked played.
    let episodeFinished: @Sendable () -> Void
    /// The resume point last handed over, shared with the writer's own saves while playing.
    let resumePoint = ResumePointRecord()

    /// Records a play of `path` at `time` (Unix seconds).
    func recordPlay(of path: String, at time: Double) {
        let library = library
        writer?.perform("the play of \(path)") { try library.recordPlay(path: path, at: time) }
    }

    /// Writes `seconds` as `path`'s resume point, heard at `rate` when given.
    func saveResumePoint(of path: String, at seconds: Double, rate: Double?) {
        let (library, within) = (library, playedAtRemaining)
        writer?.perform("the resume point of \(path)") {
            if let rate {
                try library.setResumePosition(path: path, seconds: seconds, rate: rate, playedWithin: within)
            } else {
                try library.setResumePosition(path: path, seconds: seconds, playedWithin: within)
            }
        }
    }

    /// Marks the episode at `path` played, and tells once it is.
    func markEpisodePlayed(_ path: String) {
        let (library, finished) = (library, episodeFinished)
        writer?.perform("the played mark of \(path)") {
            _ = try library.setEpisodePlayed(path, played: true)
            finished()
        }
    }

    /// What the writer does every few seconds while the spoken-word item at `path` plays:
    /// writes its position as its resume point unless within `interval` of the last one.
    func resumePointWriter(for path: String, every interval: Double) -> @Sendable (Double) throws -> Void {
        let (library, resumePoint, within) = (library, resumePoint, playedAtRemaining)
        return { seconds in
            guard resumePoint.claim(path, at: seconds, unlessWithin: interval) else { return }
            try library.setResumePosition(path: path, seconds: seconds, playedWithin: within)
        }
    }
}
