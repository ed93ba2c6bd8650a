import Library
import Playback
import Synchronization

/// What the MPD protocol's `status` shows of the player, and what its `idle` compares:
/// the transport, the modes, the volume, where the queue is and what plays next, and a
/// signature of the queue's entries that changes whenever they do.
struct MPDPlayerStatus: Sendable, Equatable {
    var state: PlaybackState = .stopped
    var count = 0
    var currentIndex: Int?
    var currentID: UInt64?
    /// The entry that plays after the current one, by the play order and the repeat mode.
    var nextIndex: Int?
    var nextID: UInt64?
    /// Where the current entry was at a moment, and how it moves from there.
    var elapsed = ElapsedAnchor(elapsed: 0, at: 0, rate: 0)
    /// When it was published.
    var at = 0.0
    /// The user volume, 0–1.
    var volume = 1.0
    var shuffle: ShuffleMode = .off
    var repeatMode: RepeatMode = .off
    /// The current entry's length, when known.
    var duration: Double?
    /// A hash of the queue's entries' identities, in order.
    var queueSignature = 0
    /// A hash of what the current entry, when a live stream, last said of itself (its
    /// station and its title): a new song on a station is a change of the current song's
    /// tags, which MPD reports as `player` and `playlist`.
    var streamSignature = 0

    /// Where the current entry is at `time`.
    func elapsed(at time: Double) -> Double {
        elapsed.elapsed(at: time)
    }
}

/// The player's MPD status as last published, read without the actor (as `nowPlaying.get`
/// reads its snapshot): `status`, the command MPD clients poll most, costs no hop.
///
/// Ownership: the player's actor writes it whenever it announces a change of the now
/// playing or of the queue (the modes and the volume announce one too); anyone reads it.
final class PublishedMPDStatus: Sendable {
    private let status = Mutex(MPDPlayerStatus())

    /// The status as last published.
    func load() -> MPDPlayerStatus { status.withLock { $0 } }

    func store(_ new: MPDPlayerStatus) { status.withLock { $0 = new } }
}

/// One queue entry as an MPD reply shows it.
struct MPDQueueEntry: Sendable {
    var entry: QueueEntry
    var metadata: TrackMetadata
    var libraryTrack: CatalogTrack?
}

extension PlayerService {
    /// The queue's entries, for the MPD commands that address them by position or id.
    func mpdEntries() -> [QueueEntry] { player.queue.entries }

    /// The entries at `positions` of the queue with what is known of them (an entry not yet
    /// described shows its location until it is).
    func mpdEntries(_ positions: Range<Int>) -> [MPDQueueEntry] {
        let entries = player.queue.entries
        let clamped = positions.clamped(to: 0..<entries.count)
        return clamped.map { position in
            let entry = entries[position]
            return MPDQueueEntry(entry: entry, metadata: metadata(for: entry), libraryTrack: libraryTrack(at: entry.location))
        }
    }

    /// The MPD status as of now, published for readers that do not wait for the actor.
    /// What plays next is the core's own answer (`automaticNext`), and the signature walks the queue: a few
    /// dozen microseconds on a queue of 100,000, once per announced change.
    @discardableResult
    func publishMPDStatus() -> MPDPlayerStatus {
        let queue = player.queue
        var status = MPDPlayerStatus(
            state: player.state, count: queue.count, currentIndex: queue.currentIndex, currentID: queue.current?.id,
            elapsed: player.elapsedAnchor, at: now(), volume: volume, shuffle: player.shuffleMode,
            repeatMode: player.repeatMode)
        if let current = queue.current.map({ metadata(for: $0) }) {
            status.duration = current.duration
            if current.isLiveStream == true {
                var stream = Hasher()
                stream.combine(current.streamTitle)
                stream.combine(current.albumTitle)
                status.streamSignature = stream.finalize()
            }
        }
        if queue.current != nil {
            // The core's own rule: repeat one, the play order, unplayable entries skipped, a
            // new cycle (reshuffled) past the end with repeat all.
            let next = player.automaticNext?.id
            status.nextID = next
            status.nextIndex = next.flatMap { queue.index(of: $0) }
        }
        var hasher = Hasher()
        hasher.combine(queue.count)
        for entry in queue.entries { hasher.combine(entry.id) }
        status.queueSignature = hasher.finalize()
        mpdStatus.store(status)
        return status
    }
}
