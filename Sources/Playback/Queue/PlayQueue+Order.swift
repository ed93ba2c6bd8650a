extension PlayQueue {
    /// Queue indexes of the entries in the order they play.
    public var order: [Int] {
        var positions: [UInt64: Int] = [:]
        for (index, entry) in entries.enumerated() { positions[entry.id] = index }
        return playOrder.map { positions[$0]! }
    }

    /// Where the current entry stands in ``playOrder``, or `nil` when nothing is current.
    public var currentOrderPosition: Int? {
        current.flatMap { playOrder.firstIndex(of: $0.id) }
    }

    /// The entry with the given identity, if it is still queued.
    func entry(withID id: UInt64) -> QueueEntry? {
        index(of: id).map { entries[$0] }
    }
}
