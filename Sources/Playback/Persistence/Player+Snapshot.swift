extension Player {
    /// What to keep of the player as of `now`.
    public func snapshot(at now: Double) -> PlayerSnapshot {
        let indexOfID = Dictionary(uniqueKeysWithValues: queue.entries.enumerated().map { ($1.id, $0) })
        return PlayerSnapshot(
            entries: queue.entries, playOrder: queue.order, history: history.compactMap { indexOfID[$0] },
            currentIndex: queue.currentIndex, position: queue.current == nil ? 0 : elapsed(at: now),
            playing: state == .playing, shuffle: shuffleMode, repeat: repeatMode, rate: rate, feedback: feedback)
    }

    /// Restores a player from a snapshot, paused at its position (stopped when nothing is
    /// current), with nothing loaded at the output: the first `play` gets a `.resume`, which
    /// the daemon carries out by loading the current entry at ``elapsed(at:)``.
    ///
    /// A damaged snapshot is repaired rather than refused: entries with a repeated identity
    /// are dropped, an order that is not a permutation becomes queue order (shuffled ones
    /// keep the valid part and gain the missing entries at the end), indexes out of range are
    /// dropped, a position that is negative or not finite becomes 0, and an unsupported rate
    /// becomes 1.
    /// - Parameters:
    ///   - snapshot: what was kept.
    ///   - now: the instant of restoring, for the elapsed-time anchor.
    ///   - seed: where the shuffle sequence starts; random unless given.
    public init(restoring snapshot: PlayerSnapshot, at now: Double, seed: UInt64 = .random(in: .min ... .max)) {
        self.init(seed: seed)
        var seen: Set<UInt64> = []
        let kept = snapshot.entries.indices.filter { seen.insert(snapshot.entries[$0].id).inserted }
        let entries = kept.map { snapshot.entries[$0] }
        let keptSet = Set(kept)
        let idAt = { (index: Int) -> UInt64? in
            keptSet.contains(index) ? snapshot.entries[index].id : nil
        }
        shuffleMode = snapshot.shuffle
        var order: [UInt64] = []
        if shuffleMode == .off {
            order = entries.map(\.id)
        } else {
            var ordered: Set<UInt64> = []
            for id in snapshot.playOrder.compactMap(idAt) where ordered.insert(id).inserted { order.append(id) }
            order += entries.map(\.id).filter { ordered.insert($0).inserted }
        }
        let current = snapshot.currentIndex.flatMap(idAt).flatMap { id in entries.firstIndex { $0.id == id } }
        queue.restore(entries: entries, playOrder: order, currentIndex: current, followsQueueOrder: shuffleMode == .off)
        history = Array(snapshot.history.compactMap(idAt).suffix(Self.historyLimit))
        repeatMode = snapshot.repeat
        rate = RemoteCommandCenter.supportedPlaybackRates.contains(snapshot.rate) ? snapshot.rate : 1
        let locations = Set(entries.map(\.location))
        feedback = snapshot.feedback.filter { locations.contains($0.key) && !$0.value.isEmpty }
        let position = snapshot.position.isFinite ? max(0, snapshot.position) : 0
        anchor(current == nil ? 0 : position, at: now)
        state = current == nil ? .stopped : .paused
    }
}
