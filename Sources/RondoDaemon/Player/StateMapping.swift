import Library
import Playback

extension SavedPlaybackState {
    /// What the store keeps of a player snapshot; `feedbackChanges` adds the feedback
    /// cleared or set since the last save, so a cleared track is erased in the store too.
    init(_ snapshot: PlayerSnapshot, feedbackChanges: [String: Feedback], savedAt: Double) {
        var feedback = snapshot.feedback.mapValues(TrackFeedback.init)
        for (location, change) in feedbackChanges { feedback[location] = TrackFeedback(change) }
        self.init(
            entries: snapshot.entries.map { SavedQueueEntry(id: $0.id, path: $0.location, collection: $0.collection) },
            playOrder: snapshot.playOrder, history: snapshot.history, currentIndex: snapshot.currentIndex,
            position: snapshot.position, playing: snapshot.playing, shuffle: snapshot.shuffle.rawValue,
            repeat: snapshot.repeat.rawValue, rate: snapshot.rate, feedback: feedback, savedAt: savedAt)
    }
}

extension PlayerSnapshot {
    /// The player state a saved state describes; unknown mode names fall back to `off`.
    init(_ saved: SavedPlaybackState) {
        self.init(
            entries: saved.entries.map { QueueEntry(id: $0.id, location: $0.path, collection: $0.collection) },
            playOrder: saved.playOrder, history: saved.history, currentIndex: saved.currentIndex,
            position: saved.position, playing: saved.playing, shuffle: ShuffleMode(rawValue: saved.shuffle) ?? .off,
            repeat: RepeatMode(rawValue: saved.repeat) ?? .off, rate: saved.rate,
            feedback: saved.feedback.mapValues(Feedback.init).filter { !$0.value.isEmpty })
    }
}

extension TrackFeedback {
    /// The stored form of the player's feedback.
    init(_ feedback: Feedback) {
        self.init(liked: feedback.liked, disliked: feedback.disliked, bookmarked: feedback.bookmarked)
    }
}

extension Feedback {
    /// The player's form of stored feedback.
    init(_ feedback: TrackFeedback) {
        self.init(liked: feedback.liked, disliked: feedback.disliked, bookmarked: feedback.bookmarked)
    }
}
