extension Player {
    /// An entry to move on to, and the new cycle to install first when getting there wraps
    /// around the play order.
    struct Step {
        /// The entry to make current.
        var id: UInt64
        /// With repeat all past the end: the next cycle's play order and the generator after
        /// drawing it.
        var newCycle: (order: [UInt64], generator: ShuffleGenerator)?
    }

    /// The entry that follows the current one when it ends by itself: the one
    /// ``PlayerEffect/prepareNext(_:)`` names.
    public var automaticNext: QueueEntry? {
        automaticStep.flatMap { queue.entry(withID: $0.id) }
    }

    /// The entry the output should pre-roll, to follow the current one without a gap: the
    /// ``automaticNext``, unless the current item hands over paused.
    public var prerolledNext: QueueEntry? {
        pausesAtItemEnd ? nil : automaticNext
    }

    /// The step taken when the current entry ends by itself: the same entry with repeat
    /// one (unless it failed), else the next one in play order.
    var automaticStep: Step? {
        if repeatMode == .one, let current = queue.current, !unplayable.contains(current.id) {
            return Step(id: current.id)
        }
        return stepForward()
    }

    /// The first playable entry after the current one in play order (from the start when
    /// nothing is current). Past the end, repeat all starts a new cycle, reshuffled when
    /// shuffled; otherwise there is none.
    func stepForward() -> Step? {
        let order = queue.playOrder
        let position = queue.currentOrderPosition
        let start = position.map { $0 + 1 } ?? 0
        if let id = order[start...].first(where: { !unplayable.contains($0) }) { return Step(id: id) }
        guard repeatMode == .all, position != nil else { return nil }
        var next = generator
        let cycle = PlayOrder.make(
            queue.entries.map(\.id), mode: shuffleMode, collection: collectionKey, using: &next)
        guard let id = cycle.first(where: { !unplayable.contains($0) }) else { return nil }
        return Step(id: id, newCycle: (cycle, next))
    }

    /// The playable entry before the current one in play order; with repeat all the order
    /// wraps around (back to the current entry itself at worst).
    func stepBackInOrder() -> UInt64? {
        guard let position = queue.currentOrderPosition else { return nil }
        let order = queue.playOrder
        let before = order[..<position].reversed()
        let wrapped = repeatMode == .all ? Array(order[position...].reversed()) : []
        return (Array(before) + wrapped).first { !unplayable.contains($0) }
    }

    /// Takes `step`: installs its new cycle, if any, and makes its entry current.
    mutating func take(_ step: Step) {
        if let cycle = step.newCycle {
            generator = cycle.generator
            queue.setPlayOrder(cycle.order, followsQueueOrder: shuffleMode == .off)
        }
        makeCurrent(queue.index(of: step.id))
    }

    /// Makes the entry at `index` current (or nothing for `nil`). Unless going back, the
    /// entry that was current joins the history.
    mutating func makeCurrent(_ index: Int?, goingBack: Bool = false) {
        if !goingBack, let previous = queue.current?.id, index.map({ queue.entries[$0].id }) != previous {
            history.append(previous)
            if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        }
        try? queue.select(index)
    }

    /// Takes the most recent playable entry off the history, other than the current one.
    mutating func popHistory() -> UInt64? {
        while let id = history.popLast() {
            if id != queue.current?.id, !unplayable.contains(id) { return id }
        }
        return nil
    }

    /// Switches the shuffle mode. Switching it on (or between shuffles) draws a new order
    /// that opens with the current entry; switching it off returns to queue order.
    /// - Returns: `true` when the mode changed.
    mutating func changeShuffle(to mode: ShuffleMode) -> Bool {
        guard mode != shuffleMode else { return false }
        shuffleMode = mode
        let order = PlayOrder.make(
            queue.entries.map(\.id), mode: mode, collection: collectionKey, first: queue.current?.id,
            using: &generator)
        let first = queue.current == nil ? 0 : 1
        queue.setPlayOrder(mode == .off ? order : prioritised(order, keepingFirst: first), followsQueueOrder: mode == .off)
        return true
    }

    /// Reshuffles the last `count` entries of the play order among themselves, as freshly
    /// appended entries are when shuffled.
    mutating func shuffleTail(_ count: Int) {
        guard shuffleMode != .off, count > 1 else { return }
        let order = queue.playOrder
        let tail = PlayOrder.make(
            Array(order.suffix(count)), mode: shuffleMode, collection: collectionKey, using: &generator)
        queue.setPlayOrder(order.dropLast(count) + tail, followsQueueOrder: false)
    }

    /// Draws a whole new shuffled order that opens with `first`, if given.
    mutating func reshuffle(first: UInt64?) {
        guard shuffleMode != .off else { return }
        let order = PlayOrder.make(
            queue.entries.map(\.id), mode: shuffleMode, collection: collectionKey, first: first, using: &generator)
        queue.setPlayOrder(prioritised(order, keepingFirst: first == nil ? 0 : 1), followsQueueOrder: false)
    }

    /// The collection an entry belongs to: the one it was queued with, else the album its
    /// tags name, else none (it stands alone).
    func collectionKey(_ id: UInt64) -> String? {
        queue.entry(withID: id)?.collection ?? metadata[id]?.albumKey
    }
}
