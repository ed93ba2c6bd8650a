import Playback

/// A ``Player`` driven by a manual clock, checking the player's invariants after every step.
///
/// The clock is a plain `Double` of Unix seconds that only moves when a test calls
/// ``advance(_:)``; every call into the player uses the current ``now``.
struct PlayerRig {
    /// An arbitrary, exactly representable Unix instant to start from.
    static let start = 1_700_000_000.0

    var player: Player
    var now = PlayerRig.start

    /// A rig whose queue holds `count` entries (`/music/track0.mp3` …) with nothing current;
    /// `seed` fixes the shuffles.
    init(count: Int = 0, seed: UInt64 = 0) {
        player = Player(seed: seed)
        if count > 0 { _ = append(Self.paths(count)) }
    }

    /// A rig whose queue holds `count` entries and whose transport is `state` at `index`,
    /// loaded from the start of the item (stopped selects the entry without loading it).
    init(count: Int, current index: Int, state: PlaybackState, seed: UInt64 = 0) throws {
        self.init(count: count, seed: seed)
        switch state {
        case .playing:
            _ = try playIndex(index)
        case .paused:
            _ = try playIndex(index)
            _ = send(.pause)
        default:
            _ = try playIndex(index)
            _ = send(.stop)
        }
    }

    static func paths(_ count: Int) -> [String] {
        (0..<count).map { "/music/track\($0).mp3" }
    }

    var queue: PlayQueue { player.queue }
    var state: PlaybackState { player.state }

    /// The entry at `index` in the queue.
    func entry(_ index: Int) -> QueueEntry { player.queue.entries[index] }

    /// Elapsed media time at the rig's current instant.
    var elapsed: Double { player.elapsed(at: now) }

    /// Now-playing info at the rig's current instant.
    var info: NowPlayingInfo? { player.nowPlayingInfo(at: now) }

    mutating func advance(_ seconds: Double) { now += seconds }

    /// The intervals the command center publishes for `command`.
    func published(_ command: RemoteCommandKind) -> [Double]? {
        player.remoteCommands.first { $0.command == command }?.preferredIntervals
    }

    mutating func send(_ command: RemoteCommand) -> CommandOutcome {
        defer { player._checkInvariants() }
        return player.handle(command, at: now)
    }

    mutating func report(_ report: OutputReport) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return player.handle(report, at: now)
    }

    mutating func notify(_ notice: AudioSessionNotice) -> CommandOutcome {
        defer { player._checkInvariants() }
        return player.handle(notice, at: now)
    }

    mutating func append(_ locations: [String]) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return player.append(locations, at: now)
    }

    mutating func append(items: [MediaItem]) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return player.append(items: items, at: now)
    }

    mutating func replace(
        _ locations: [String], startIndex: Int? = nil, play: Bool = false
    ) throws(PlaybackError) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return try player.replace(with: locations, startIndex: startIndex, play: play, at: now)
    }

    mutating func remove(_ index: Int) throws(PlaybackError) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return try player.remove(at: index, at: now)
    }

    mutating func move(_ source: Int, to destination: Int) throws(PlaybackError) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return try player.move(from: source, to: destination, at: now)
    }

    mutating func clear() -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return player.clear(at: now)
    }

    mutating func playIndex(_ index: Int) throws(PlaybackError) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return try player.playIndex(index, at: now)
    }

    mutating func setMetadata(_ metadata: TrackMetadata, for entryID: UInt64) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return player.setMetadata(metadata, for: entryID)
    }

    /// Gives the entry at `index` a known duration.
    mutating func setDuration(_ duration: Double, at index: Int) {
        _ = setMetadata(TrackMetadata(duration: duration), for: entry(index).id)
    }

    mutating func setRepeatMode(_ mode: RepeatMode) -> [PlayerEffect] {
        defer { player._checkInvariants() }
        return player.setRepeatMode(mode)
    }

    mutating func setEnabled(_ enabled: Bool, for command: RemoteCommandKind) -> CommandOutcome {
        defer { player._checkInvariants() }
        return player.setEnabled(enabled, for: command, at: now)
    }

    /// Locations of the entries in play order.
    var playOrderLocations: [String] { player.queue.order.map { player.queue.entries[$0].location } }

    /// The current entry's location, if any.
    var currentLocation: String? { player.queue.current?.location }

    /// What an observer can see of the player at the current instant, for "nothing changed"
    /// comparisons.
    var snapshot: Snapshot {
        Snapshot(
            queue: player.queue, state: player.state, repeatMode: player.repeatMode, shuffleMode: player.shuffleMode,
            rate: player.rate, scan: player.scan, history: player.history, elapsed: elapsed, info: info,
            commands: player.remoteCommands
        )
    }

    struct Snapshot: Equatable {
        var queue: PlayQueue
        var state: PlaybackState
        var repeatMode: RepeatMode
        var shuffleMode: ShuffleMode
        var rate: Double
        var scan: ScanDirection?
        var history: [UInt64]
        var elapsed: Double
        var info: NowPlayingInfo?
        var commands: [RemoteCommandState]
    }
}
