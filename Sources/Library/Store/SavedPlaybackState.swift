/// Everything the daemon needs to restore playback after a restart or a `kill -9`.
///
/// A plain snapshot owned by `Library`: the daemon converts Playback's queue and player to
/// it and back. Queue positions are 0-based indexes into ``entries``. The rules below are
/// checked by ``PlaybackStateStore/save(_:)``, which rejects a state that breaks them.
public struct SavedPlaybackState: Equatable, Sendable {
    /// The queue in queue order. Entry ids are unique.
    public var entries: [SavedQueueEntry]
    /// The order entries play in, as indexes into ``entries`` (shuffled when shuffle is on);
    /// empty when the queue plays in queue order. Each index is in range.
    public var playOrder: [Int]
    /// Entries played so far in this pass, oldest first, as indexes into ``entries``: what
    /// `previousTrack` walks back through. Indexes may repeat; each is in range.
    public var history: [Int]
    /// Index of the current entry in ``entries``, or `nil` when none is selected.
    public var currentIndex: Int?
    /// Media time of the current entry in seconds, finite and ≥ 0.
    public var position: Double
    /// Whether it was playing: restored as playing only when `restore_playing` is set.
    public var playing: Bool
    /// The shuffle mode's wire name (`off`, `items`, `collections`).
    public var shuffle: String
    /// The repeat mode's wire name (`off`, `one`, `all`).
    public var `repeat`: String
    /// The playback rate, finite and > 0.
    public var rate: Double
    /// Feedback for tracks, keyed by track identity (the file path, as in
    /// ``SavedQueueEntry/path``). A saved key overwrites that track's feedback
    /// (``TrackFeedback/none`` erases it); tracks not named keep theirs. A loaded state holds
    /// the feedback of the tracks in its queue.
    public var feedback: [String: TrackFeedback]
    /// When the state was captured, in Unix seconds. A save that changes nothing else does not
    /// write, so a loaded value is the time of the last save that changed something.
    public var savedAt: Double

    /// Creates a state; every field defaults to a stopped player with an empty queue.
    /// - Parameters:
    ///   - entries: the queue in order.
    ///   - playOrder: indexes into `entries` in play order, or empty for queue order.
    ///   - history: indexes of entries played so far, oldest first.
    ///   - currentIndex: the current entry's index, if any.
    ///   - position: media time of the current entry, in seconds.
    ///   - playing: whether it was playing.
    ///   - shuffle: the shuffle mode's wire name.
    ///   - repeat: the repeat mode's wire name.
    ///   - rate: the playback rate.
    ///   - feedback: feedback keyed by track path.
    ///   - savedAt: when the state was captured, in Unix seconds.
    public init(
        entries: [SavedQueueEntry] = [], playOrder: [Int] = [], history: [Int] = [],
        currentIndex: Int? = nil, position: Double = 0, playing: Bool = false,
        shuffle: String = "off", repeat: String = "off", rate: Double = 1,
        feedback: [String: TrackFeedback] = [:], savedAt: Double = 0
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
        self.savedAt = savedAt
    }
}
