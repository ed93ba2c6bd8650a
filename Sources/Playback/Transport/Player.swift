/// The transport of Rondo: the play queue, what plays, where, and how fast.
///
/// A pure state machine. Commands, queue edits and reports from the audio output come in
/// with the instant they happen at (`now`, Unix seconds); the player decides and returns
/// the ``PlayerEffect``s the daemon must carry out. It never reads a clock or does I/O.
///
/// Elapsed time is kept as an anchor (`elapsed` exact at `anchorTime`) and extrapolated
/// at the current rate while playing, so nothing needs publishing between discrete
/// changes.
public struct Player: Sendable {
    /// Played time at or above which `previousTrack` restarts the item instead of going back.
    public static let restartThreshold = 3.0
    /// The interval `skipForward`/`skipBackward` use when none is given, in seconds.
    public static let preferredInterval = 15.0

    /// The play queue.
    public internal(set) var queue = PlayQueue()
    /// The transport state.
    public internal(set) var state: PlaybackState = .stopped
    /// What happens at the end of an item or of the queue.
    public internal(set) var repeatMode: RepeatMode = .off
    /// The rate `play` uses.
    public let defaultRate = 1.0
    /// The rate media time advances at while playing.
    public internal(set) var rate = 1.0

    var anchorElapsed = 0.0
    var anchorTime = 0.0
    var metadata: [UInt64: TrackMetadata] = [:]
    var unplayable: Set<UInt64> = []

    /// Creates a stopped player with an empty queue.
    public init() {}

    /// Whether an item is loaded at the output (playing, paused or interrupted).
    public var isLoaded: Bool { state == .playing || state == .paused || state == .interrupted }

    /// Media time of the current item at `now`, clamped to its duration.
    public func elapsed(at now: Double) -> Double {
        var elapsed = anchorElapsed
        if state == .playing { elapsed += max(0, now - anchorTime) * rate }
        if let duration = currentMetadata?.duration { elapsed = min(elapsed, duration) }
        return max(0, elapsed)
    }

    /// The now-playing info at `now`, or `nil` when no item is current.
    public func nowPlayingInfo(at now: Double) -> NowPlayingInfo? {
        guard let index = queue.currentIndex, let entry = queue.current else { return nil }
        return NowPlayingInfo(
            metadata: metadata[entry.id] ?? TrackMetadata(),
            elapsedPlaybackTime: elapsed(at: now),
            playbackRate: state == .playing ? rate : 0,
            defaultPlaybackRate: defaultRate,
            playbackQueueIndex: index,
            playbackQueueCount: queue.count,
            assetURL: fileURL(entry.location),
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
        return isLoaded ? [.prepareNext(automaticNext)] : []
    }

    /// Traps when the player's invariants do not hold; called by tests after every step.
    public func _checkInvariants() {
        queue._checkInvariants()
        if isLoaded { precondition(queue.current != nil, "loaded without a current entry") }
        precondition(anchorElapsed >= 0, "negative elapsed time")
        precondition(rate > 0, "rate must be positive")
    }

    var currentMetadata: TrackMetadata? { queue.current.flatMap { metadata[$0.id] } }

    mutating func anchor(_ elapsed: Double, at now: Double) {
        anchorElapsed = max(0, elapsed)
        anchorTime = now
    }

    /// The entry that follows the current one when it ends by itself.
    var automaticNext: QueueEntry? {
        if repeatMode == .one, let current = queue.current, !unplayable.contains(current.id) {
            return current
        }
        return following(queue.currentIndex, step: 1).map { queue.entries[$0] }
    }

    /// The index `step` places away from `index` in play order, skipping unplayable
    /// entries and wrapping only with repeat `all`.
    func following(_ index: Int?, step: Int) -> Int? {
        guard let index, queue.count > 0 else { return nil }
        var candidate = index
        for _ in 0..<queue.count {
            candidate += step
            if !queue.entries.indices.contains(candidate) {
                guard repeatMode == .all else { return nil }
                candidate = (candidate + queue.count) % queue.count
            }
            if !unplayable.contains(queue.entries[candidate].id) { return candidate }
        }
        return nil
    }

    private func fileURL(_ path: String) -> String {
        "file://" + path.split(separator: "/", omittingEmptySubsequences: false)
            .map { percentEncodedPathComponent(String($0)) }
            .joined(separator: "/")
    }

    private func percentEncodedPathComponent(_ component: String) -> String {
        var encoded = ""
        for byte in component.utf8 {
            let isUnreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || "-._~".utf8.contains(byte)
            if isUnreserved {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = Array("0123456789ABCDEF")
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return encoded
    }
}
