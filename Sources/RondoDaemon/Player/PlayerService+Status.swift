import Audio
import Playback

/// The player's published status (``PlayerStatus``): what front ends that poll or compare
/// read without the actor, and the player's API (``PlayerCommands``) they drive it by.
extension PlayerService: PlayerCommands {
    /// The queue's entries, in order.
    func queueEntries() -> [QueueEntry] { player.queue.entries }

    /// The status as of now, published for readers that do not wait for the actor.
    /// What plays next is the core's own answer (`automaticNext`), and the signature walks
    /// the queue: a few dozen microseconds on a queue of 100,000, once per announced change.
    @discardableResult
    func publishStatus() -> PlayerStatus {
        let queue = player.queue
        var status = PlayerStatus(state: player.state, count: queue.count)
        status.currentIndex = queue.currentIndex
        status.currentID = queue.current?.id
        status.elapsed = player.elapsedAnchor
        status.at = now()
        status.volume = volume
        status.shuffle = player.shuffleMode
        status.repeatMode = player.repeatMode
        status.pausesAtItemEnd = player.pausesAtItemEnd
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
        for (id, priority) in player.entryPriorities.sorted(by: { $0.key < $1.key }) {
            hasher.combine(id)
            hasher.combine(priority)
        }
        status.queueSignature = hasher.finalize()
        self.status.store(status)
        return status
    }

    /// Sets whether the current item hands over paused when it ends, and publishes it.
    func setPausesAtItemEnd(_ on: Bool) {
        guard on != player.pausesAtItemEnd else { return }
        _ = apply(player.setPausesAtItemEnd(on))
        publishStatus()
    }

    /// What the engine decodes now (no hop of the actor).
    nonisolated func decodedFormat() -> DecodedFormat? { engine.decodedFormat }

    /// What the output plays and how far the listener is into it (no hop of the actor).
    nonisolated func heardPosition() -> (sourceID: UInt64, seconds: Double)? { engine.position }

    /// Sets the priority of the entries `ids`, and publishes the change.
    func setPriority(_ priority: UInt8, of ids: [UInt64]) {
        _ = apply(player.setPriority(priority, of: ids))
    }
}
