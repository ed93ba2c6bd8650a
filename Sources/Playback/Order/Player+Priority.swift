extension Player {
    /// An entry's priority (MPD's `prio`): 0, none, to 255. Under shuffle, entries of a
    /// higher priority play before the rest of what is left to play.
    public func priority(of id: UInt64) -> UInt8 { priorities[id] ?? 0 }

    /// The entries that have a priority, with it.
    public var entryPriorities: [UInt64: UInt8] { priorities }

    /// Sets the priority of the entries `ids` (those not queued are passed over). Under
    /// shuffle each one moves, as MPD moves it, to the start of its priority's group among
    /// the entries left to play: right after the current entry and any of a higher
    /// priority. One already played comes back only when raised above the current entry's.
    /// - Returns: `queueChanged` when a priority changed, after the pre-roll of what now
    ///   plays next.
    public mutating func setPriority(_ priority: UInt8, of ids: [UInt64]) -> [PlayerEffect] {
        // One pass over the queue: `prio -1` names every entry of a queue of 100,000.
        let queued = Set(queue.entries.map(\.id))
        priorities = priorities.filter { queued.contains($0.key) }
        var changed = false
        for id in ids where queued.contains(id) {
            let old = self.priority(of: id)
            guard old != priority else { continue }
            priorities[id] = priority == 0 ? nil : priority
            changed = true
            if shuffleMode != .off { moveToItsPriorityGroup(id, raisedFrom: old) }
        }
        guard changed else { return [] }
        return (isLoaded ? [.prepareNext(prerolledNext)] : []) + [.queueChanged]
    }

    /// Moves `id` in the shuffled play order to the start of its priority's group after the
    /// current entry (MPD's `Queue::SetPriority`).
    private mutating func moveToItsPriorityGroup(_ id: UInt64, raisedFrom old: UInt8) {
        var order = queue.playOrder
        guard let from = order.firstIndex(of: id) else { return }
        let priority = self.priority(of: id)
        let current = queue.currentOrderPosition
        if let current {
            guard from != current else { return }
            if from < current, priority <= old || priority <= self.priority(of: order[current]) { return }
        }
        let start = (current ?? -1) + 1
        let groupStart = (start..<order.count).first { $0 != from && self.priority(of: order[$0]) <= priority } ?? order.count
        order.remove(at: from)
        order.insert(id, at: groupStart > from ? groupStart - 1 : groupStart)
        queue.setPlayOrder(order, followsQueueOrder: false)
    }

    /// `order` with the entries after its first `kept` ordered by priority, highest first,
    /// each priority's entries in the order they had: a new shuffle plays the prioritised
    /// entries first, as MPD's does.
    func prioritised(_ order: [UInt64], keepingFirst kept: Int) -> [UInt64] {
        guard !priorities.isEmpty, kept < order.count else { return order }
        let rest = order[kept...].enumerated().sorted { a, b in
            let (pa, pb) = (priority(of: a.element), priority(of: b.element))
            return pa != pb ? pa > pb : a.offset < b.offset
        }
        return Array(order[..<kept]) + rest.map(\.element)
    }
}
