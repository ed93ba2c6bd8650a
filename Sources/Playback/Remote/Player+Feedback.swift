extension Player {
    /// Feedback recorded for the track at `location`; no feedback when none is recorded.
    ///
    /// Feedback belongs to the track, not the entry: entries of the same file share it.
    public func feedback(for location: String) -> Feedback { feedback[location] ?? Feedback() }

    /// Records the feedback the library holds for a queued track, without storing it back.
    /// Feedback for a file that is not queued is not kept.
    /// - Returns: `remoteChanged` when the track is current and its feedback changed (the
    ///   feedback commands' `isActive` follow it).
    public mutating func setFeedback(_ feedback: Feedback, for location: String) -> [RemoteEffect] {
        guard queue.entries.contains(where: { $0.location == location }), self.feedback(for: location) != feedback else {
            return []
        }
        self.feedback[location] = feedback.isEmpty ? nil : feedback
        return queue.current?.location == location ? [.remoteChanged] : []
    }

    /// The current track's feedback, or `nil` when nothing is current.
    var currentFeedback: Feedback? {
        queue.current.map { feedback(for: $0.location) }
    }

    /// Carries out `like`, `dislike` or `bookmark` for the current item: sets the feedback to
    /// `isActive`, or toggles it without a value. Liking clears a dislike and vice versa.
    mutating func giveFeedback(_ kind: RemoteCommandKind, isActive: Bool?) -> CommandOutcome {
        guard let entry = queue.current, let before = currentFeedback else {
            return CommandOutcome(.noActionableNowPlayingItem)
        }
        var updated = before
        let active = isActive ?? !before[kind]
        switch kind {
        case .like:
            updated.liked = active
            if active { updated.disliked = false }
        case .dislike:
            updated.disliked = active
            if active { updated.liked = false }
        default:
            updated.bookmarked = active
        }
        guard updated != before else { return CommandOutcome(.success) }
        feedback[entry.location] = updated.isEmpty ? nil : updated
        return CommandOutcome(.success, remoteEffects: [.storeFeedback(location: entry.location, updated), .remoteChanged])
    }
}
