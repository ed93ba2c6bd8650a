import Library
import Playback

/// What the MPD protocol's front end reads of the player in one hop of the actor: the
/// transport, the modes, the queue with its entries' identities (MPD's song ids), and what
/// plays next.
struct MPDPlayerView: Sendable {
    var state: PlaybackState
    var entries: [QueueEntry]
    var currentIndex: Int?
    /// The entry that plays after the current one, by the play order and the repeat mode.
    var nextIndex: Int?
    var elapsed: Double
    var rate: Double
    /// The user volume, 0–1.
    var volume: Double
    var shuffle: ShuffleMode
    var repeatMode: RepeatMode
    /// The current entry's length, when known.
    var duration: Double?
}

/// One queue entry as an MPD reply shows it.
struct MPDQueueEntry: Sendable {
    var entry: QueueEntry
    var metadata: TrackMetadata
    var libraryTrack: CatalogTrack?
}

extension PlayerService {
    /// The player as the MPD front end reads it.
    func mpdView() -> MPDPlayerView {
        let queue = player.queue
        var next: Int?
        if let current = queue.current, let position = queue.playOrder.firstIndex(of: current.id) {
            switch player.repeatMode {
            case .one: next = queue.currentIndex
            case .all: next = queue.index(of: queue.playOrder[(position + 1) % queue.playOrder.count])
            case .off: next = position + 1 < queue.playOrder.count ? queue.index(of: queue.playOrder[position + 1]) : nil
            }
        }
        return MPDPlayerView(
            state: player.state, entries: queue.entries, currentIndex: queue.currentIndex, nextIndex: next,
            elapsed: player.elapsed(at: now()), rate: player.outputRate, volume: volume, shuffle: player.shuffleMode,
            repeatMode: player.repeatMode, duration: queue.current.map { metadata(for: $0) }?.duration)
    }

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
}
