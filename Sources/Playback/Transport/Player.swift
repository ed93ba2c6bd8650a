/// The transport of Rondo: the play queue and its play order, what plays, where, and how
/// fast, and the remote-command center that drives it.
///
/// A pure state machine. Commands, queue edits and reports from the audio output come in
/// with the instant they happen at (`now`, Unix seconds); the player decides and returns
/// the ``PlayerEffect``s (and, for commands, ``RemoteEffect``s) the daemon must carry out.
/// It never reads a clock or does I/O; shuffles draw from a generator seeded at creation.
///
/// Elapsed time is kept as an anchor (`elapsed` exact at `anchorTime`) and extrapolated
/// at the output rate while playing, so nothing needs publishing between discrete
/// changes.
public struct Player: Sendable {
    /// Played time at or above which `previousTrack` restarts the item instead of going back.
    public static let restartThreshold = 3.0
    /// How many entries `previousTrack` can walk back through.
    public static let historyLimit = 1_000

    /// The play queue and its play order.
    public internal(set) var queue = PlayQueue()
    /// How far skips go when a remote gives no interval, for music and for spoken word.
    public var skipIntervals = SkipIntervals()
    /// The transport state.
    public internal(set) var state: PlaybackState = .stopped
    /// What happens at the end of an item or of the queue.
    public internal(set) var repeatMode: RepeatMode = .off
    /// Whether the current item, once it ends by itself, hands over paused: the entry that
    /// follows becomes current, paused at its start, and this turns off (MPD's
    /// `single oneshot`). With nothing to follow the queue stops and it stays on. Not kept
    /// across a restart: it is a request about the item playing now.
    public internal(set) var pausesAtItemEnd = false
    /// How the play order is shuffled.
    public internal(set) var shuffleMode: ShuffleMode = .off
    /// The rate `play` uses.
    public let defaultRate = 1.0
    /// The chosen playback rate, one of ``RemoteCommandCenter/supportedPlaybackRates``.
    public internal(set) var rate = 1.0
    /// The direction of a scan held with `seekForward`/`seekBackward`, or `nil`.
    public internal(set) var scan: ScanDirection?
    /// Which remote commands are enabled.
    public internal(set) var commandCenter = RemoteCommandCenter()
    /// Entries that were current before the current one, oldest first: what
    /// `previousTrack` walks back through.
    public internal(set) var history: [UInt64] = []

    var anchorElapsed = 0.0
    var anchorTime = 0.0
    var metadata: [UInt64: TrackMetadata] = [:]
    var feedback: [String: Feedback] = [:]
    var unplayable: Set<UInt64> = []
    var priorities: [UInt64: UInt8] = [:]
    var generator: ShuffleGenerator

    /// Creates a stopped player with an empty queue whose shuffles are seeded by the
    /// system's random generator.
    public init() {
        self.init(seed: UInt64.random(in: .min ... .max))
    }

    /// Creates a stopped player with an empty queue whose shuffles replay for the same seed.
    /// - Parameter seed: where the shuffle sequence starts.
    public init(seed: UInt64) {
        generator = ShuffleGenerator(seed: seed)
    }

    /// Whether an item is loaded at the output (playing, paused or interrupted).
    public var isLoaded: Bool { state == .playing || state == .paused || state == .interrupted }

    /// The rate the output advances media time at while playing: the scan rate while a scan
    /// is held (negative backward), else ``rate``.
    public var outputRate: Double { isLive ? defaultRate : scan?.rate ?? rate }

    /// Media time of the current item at `now`, clamped to [0, duration].
    public func elapsed(at now: Double) -> Double {
        elapsedAnchor.elapsed(at: now)
    }

    /// Where the current item's media time was last fixed, and how it moves from there.
    public var elapsedAnchor: ElapsedAnchor {
        ElapsedAnchor(
            elapsed: anchorElapsed, at: anchorTime, rate: state == .playing ? outputRate : 0, duration: currentMetadata?.duration)
    }

    /// The now-playing info at `now`, or `nil` when no item is current.
    public func nowPlayingInfo(at now: Double) -> NowPlayingInfo? {
        guard let index = queue.currentIndex, let entry = queue.current else { return nil }
        let known = metadata[entry.id] ?? TrackMetadata()
        return NowPlayingInfo(
            metadata: known,
            elapsedPlaybackTime: elapsed(at: now),
            playbackRate: state == .playing ? outputRate : 0,
            defaultPlaybackRate: defaultRate,
            playbackQueueIndex: index,
            playbackQueueCount: queue.count,
            assetURL: FileURL.string(for: known.assetLocation ?? entry.location),
            timestamp: now
        )
    }

    /// Records what is known about an entry's file.
    /// - Returns: `nowPlayingChanged` when the entry is the current one.
    public mutating func setMetadata(_ metadata: TrackMetadata, for entryID: UInt64) -> [PlayerEffect] {
        guard self.metadata[entryID] != metadata else { return [] }
        self.metadata[entryID] = metadata
        return queue.current?.id == entryID ? [.nowPlayingChanged] : []
    }

    /// Metadata known for an entry, if any.
    public func metadata(for entryID: UInt64) -> TrackMetadata? { metadata[entryID] }

    /// Sets what happens at the end of an item or of the queue.
    public mutating func setRepeatMode(_ mode: RepeatMode) -> [PlayerEffect] {
        repeatMode = mode
        return isLoaded ? [.prepareNext(prerolledNext)] : []
    }

    /// Sets whether the current item hands over paused when it ends by itself
    /// (``pausesAtItemEnd``): the output is told to pre-roll nothing meanwhile, so not a
    /// moment of the next item is heard.
    public mutating func setPausesAtItemEnd(_ on: Bool) -> [PlayerEffect] {
        pausesAtItemEnd = on
        return isLoaded ? [.prepareNext(prerolledNext)] : []
    }

    /// Traps when the player's invariants do not hold; called by tests after every step.
    public func _checkInvariants() {
        queue._checkInvariants()
        if isLoaded { precondition(queue.current != nil, "loaded without a current entry") }
        precondition(anchorElapsed >= 0 && anchorElapsed.isFinite, "elapsed time out of range")
        precondition(RemoteCommandCenter.supportedPlaybackRates.contains(rate), "unsupported rate")
        precondition(queue.followsQueueOrder == (shuffleMode == .off), "play order does not match shuffle mode")
        precondition(history.count <= Self.historyLimit, "history too long")
        precondition(history.allSatisfy { queue.index(of: $0) != nil }, "history names an entry no longer queued")
        precondition(scan == nil || isLoaded, "scanning without a loaded item")
        let locations = Set(queue.entries.map(\.location))
        precondition(feedback.keys.allSatisfy { locations.contains($0) }, "feedback for a track no longer queued")
    }

    var currentMetadata: TrackMetadata? { queue.current.flatMap { metadata[$0.id] } }

    mutating func anchor(_ elapsed: Double, at now: Double) {
        anchorElapsed = max(0, elapsed)
        anchorTime = now
    }

    /// Forgets everything kept about entries that left the queue: metadata, failures, their
    /// places in the history, and feedback of tracks no longer queued.
    mutating func forget(_ ids: Set<UInt64>) {
        for id in ids {
            metadata[id] = nil
            unplayable.remove(id)
        }
        history.removeAll { ids.contains($0) }
        let locations = Set(queue.entries.map(\.location))
        feedback = feedback.filter { locations.contains($0.key) }
    }

    /// Sets the transport to stopped; the output stops too, which ends any scan.
    mutating func becomeStopped(at now: Double) {
        anchor(0, at: now)
        state = .stopped
        scan = nil
    }
}
