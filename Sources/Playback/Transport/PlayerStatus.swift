import Synchronization

/// The player's status as published after every applied change: the transport, the modes,
/// the volume, where the queue is and what plays next by the core's own rule, and a
/// signature of the queue's entries that changes whenever they do. Front ends that poll
/// (MPD's `status`) or compare (MPD's `idle`) read it without waiting for the player.
public struct PlayerStatus: Sendable, Equatable {
    public var state: PlaybackState = .stopped
    public var count = 0
    public var currentIndex: Int?
    public var currentID: UInt64?
    /// The entry that plays after the current one, by the play order and the repeat mode.
    public var nextIndex: Int?
    public var nextID: UInt64?
    /// Where the current entry was at a moment, and how it moves from there.
    public var elapsed = ElapsedAnchor(elapsed: 0, at: 0, rate: 0)
    /// When it was published.
    public var at = 0.0
    /// The user volume, 0–1.
    public var volume = 1.0
    public var shuffle: ShuffleMode = .off
    public var repeatMode: RepeatMode = .off
    /// Whether the current item hands over paused when it ends (``Player/pausesAtItemEnd``).
    public var pausesAtItemEnd = false
    /// The current entry's length, when known.
    public var duration: Double?
    /// A hash of the queue's entries' identities, in order.
    public var queueSignature = 0
    /// A hash of what the current entry, when a live stream, last said of itself (its
    /// station and its title): a new song on a station changes it.
    public var streamSignature = 0

    /// A status of `state`, the queue's `count` and the rest at their defaults.
    public init(state: PlaybackState = .stopped, count: Int = 0) {
        self.state = state
        self.count = count
    }

    /// Where the current entry is at `time`, by its anchor alone.
    public func elapsed(at time: Double) -> Double {
        elapsed.elapsed(at: time)
    }

    /// Where the current entry is at `time`, given what the output hears: the heard
    /// position while playing, when the output plays the current entry (within the
    /// duration), else the anchor carried forward.
    public func elapsed(at time: Double, heard: (sourceID: UInt64, seconds: Double)?) -> Double {
        guard state == .playing else { return elapsed(at: time) }
        var anchor = elapsed
        anchor.duration = anchor.duration ?? duration
        return anchor.elapsed(at: time, of: currentID, heard: heard)
    }
}

/// The player's status as last published, read without the player's actor (as
/// `nowPlaying.get` reads its snapshot): the status MPD clients poll costs no hop.
///
/// Ownership: the player writes it whenever it announces a change of the now playing or of
/// the queue (the modes and the volume announce one too); anyone reads it.
public final class PublishedPlayerStatus: Sendable {
    private let status = Mutex(PlayerStatus())

    /// Nothing published yet: a stopped player with an empty queue.
    public init() {}

    /// The status as last published.
    public func load() -> PlayerStatus { status.withLock { $0 } }

    /// Publishes `new`.
    public func store(_ new: PlayerStatus) { status.withLock { $0 = new } }
}
