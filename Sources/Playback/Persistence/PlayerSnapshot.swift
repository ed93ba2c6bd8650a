/// Everything of a ``Player`` worth keeping across a restart: the queue, its play order and
/// history, where it was, and its modes, rate and feedback.
///
/// Indexes (``currentIndex``, ``playOrder``, ``history``) are 0-based positions in
/// ``entries``. Metadata is not kept: the daemon reads tags again.
public struct PlayerSnapshot: Sendable, Equatable, Codable {
    /// The queue in queue order: each entry's identity, path and collection.
    public var entries: [QueueEntry]
    /// The play order, as indexes into ``entries``; a permutation of them.
    public var playOrder: [Int]
    /// Entries played before the current one, oldest first, as indexes into ``entries``.
    public var history: [Int]
    /// Index of the current entry, or `nil` when none is selected.
    public var currentIndex: Int?
    /// Media time of the current entry, in seconds.
    public var position: Double
    /// Whether it was playing (the daemon restores playing only when configured to).
    public var playing: Bool
    /// The shuffle mode.
    public var shuffle: ShuffleMode
    /// The repeat mode.
    public var `repeat`: RepeatMode
    /// The chosen playback rate.
    public var rate: Double
    /// Feedback of queued tracks, keyed by path; tracks without feedback are absent.
    public var feedback: [String: Feedback]

    /// Creates a snapshot; every field defaults to a stopped player with an empty queue.
    /// - Parameters:
    ///   - entries: the queue in order.
    ///   - playOrder: indexes into `entries` in play order.
    ///   - history: indexes of entries played before the current one, oldest first.
    ///   - currentIndex: the current entry's index, if any.
    ///   - position: media time of the current entry, in seconds.
    ///   - playing: whether it was playing.
    ///   - shuffle: the shuffle mode.
    ///   - repeat: the repeat mode.
    ///   - rate: the chosen playback rate.
    ///   - feedback: feedback keyed by track path.
    public init(
        entries: [QueueEntry] = [], playOrder: [Int] = [], history: [Int] = [], currentIndex: Int? = nil,
        position: Double = 0, playing: Bool = false, shuffle: ShuffleMode = .off, repeat: RepeatMode = .off,
        rate: Double = 1, feedback: [String: Feedback] = [:]
    ) {
        self.entries = entries
        self.playOrder = playOrder
        self.history = history
        self.currentIndex = currentIndex
        self.position = position
        self.playing = playing
        self.shuffle = shuffle
        self.repeat = `repeat`
        self.rate = rate
        self.feedback = feedback
    }
}
