import Library

/// States whose every field is derived from one counter, so a loaded state proves it is
/// one whole save and not a mix of two.
///
/// The queue changes every fourth generation (and its length with it); in between only the
/// position moves, which exercises the position-only save.
enum GenerationState {
    static func make(_ generation: Int) -> SavedPlaybackState {
        let queue = generation / 4
        let count = queue % 50 + 1
        let entries = (0..<count).map {
            SavedQueueEntry(id: UInt64(queue * 100 + $0), path: "/gen\(queue)/\($0).mp3", collection: "c\(queue)")
        }
        return SavedPlaybackState(
            entries: entries, playOrder: Array((0..<count).reversed()), history: [0],
            currentIndex: count - 1, position: Double(generation), playing: true,
            shuffle: queue.isMultiple(of: 2) ? "items" : "off", repeat: "all", rate: 1,
            feedback: ["/gen\(queue)/0.mp3": TrackFeedback(liked: true)], savedAt: Double(generation))
    }

    /// The generation `state` was made from, or `nil` when it is not exactly one generation's state.
    static func generation(of state: SavedPlaybackState) -> Int? {
        let generation = Int(state.position)
        return make(generation) == state ? generation : nil
    }
}
