/// The ordered list of entries the player works through, the order it plays them in, and
/// which one is current.
///
/// `currentIndex` is `nil` when nothing is selected (an empty queue, or after the end was
/// reached). Every mutation keeps the current entry current when it still exists.
///
/// ``playOrder`` is a permutation of the entries' identities. Unshuffled it follows queue
/// order through every edit; shuffled, moves leave it alone, removals drop the entry from it
/// and appended entries join its end.
public struct PlayQueue: Sendable, Equatable {
    /// The entries in queue order.
    public private(set) var entries: [QueueEntry] = []
    /// Index of the current entry in ``entries``, or `nil` when none is selected.
    public private(set) var currentIndex: Int?
    /// Identities of the entries in the order they play.
    public private(set) var playOrder: [UInt64] = []
    /// Whether ``playOrder`` is queue order (shuffle off).
    public private(set) var followsQueueOrder = true
    private var nextID: UInt64 = 1

    /// Creates an empty queue.
    public init() {}

    /// Number of entries.
    public var count: Int { entries.count }

    /// The current entry, if one is selected.
    public var current: QueueEntry? { currentIndex.map { entries[$0] } }

    /// Appends entries for the given locations at the end.
    /// - Parameter locations: absolute file paths, in order.
    /// - Returns: the entries created.
    @discardableResult
    public mutating func append(_ locations: [String]) -> [QueueEntry] {
        append(items: locations.map { MediaItem(location: $0) })
    }

    /// Appends entries for the given items at the end of the queue and of the play order.
    /// - Parameter items: what to queue, in order.
    /// - Returns: the entries created.
    @discardableResult
    public mutating func append(items: [MediaItem]) -> [QueueEntry] {
        let added = items.map { makeEntry($0) }
        entries.append(contentsOf: added)
        playOrder.append(contentsOf: added.map(\.id))
        return added
    }

    /// Replaces every entry; nothing is current afterwards.
    /// - Parameter locations: absolute file paths, in order.
    public mutating func replace(with locations: [String]) {
        replace(withItems: locations.map { MediaItem(location: $0) })
    }

    /// Replaces every entry; nothing is current afterwards and the play order is queue order.
    /// - Parameter items: what to queue, in order.
    public mutating func replace(withItems items: [MediaItem]) {
        entries = items.map { makeEntry($0) }
        playOrder = entries.map(\.id)
        currentIndex = nil
    }

    /// Removes the entry at `index`.
    ///
    /// When the current entry is removed, the entry that follows it in play order (if any)
    /// becomes current; removing another entry keeps the same entry current.
    /// - Returns: the removed entry.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    @discardableResult
    public mutating func remove(at index: Int) throws(PlaybackError) -> QueueEntry {
        try check(index)
        let currentID = current?.id
        let removed = entries.remove(at: index)
        let position = playOrder.firstIndex(of: removed.id)!
        playOrder.remove(at: position)
        if removed.id == currentID {
            currentIndex = position < playOrder.count ? self.index(of: playOrder[position]) : nil
        } else {
            currentIndex = currentID.flatMap { self.index(of: $0) }
        }
        return removed
    }

    /// Moves the entry at `source` so that it ends up at `destination`.
    ///
    /// The current entry stays current wherever it ends up. A shuffled play order is kept.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func move(from source: Int, to destination: Int) throws(PlaybackError) {
        try check(source)
        try check(destination)
        let currentID = current?.id
        let entry = entries.remove(at: source)
        entries.insert(entry, at: destination)
        currentIndex = currentID.flatMap { id in entries.firstIndex { $0.id == id } }
        if followsQueueOrder { playOrder = entries.map(\.id) }
    }

    /// Removes every entry.
    public mutating func clear() {
        entries.removeAll()
        playOrder.removeAll()
        currentIndex = nil
    }

    /// Makes the entry at `index` current, or selects nothing for `nil`.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func select(_ index: Int?) throws(PlaybackError) {
        if let index { try check(index) }
        currentIndex = index
    }

    /// Index of the entry with the given identity, if it is still queued.
    public func index(of id: UInt64) -> Int? {
        entries.firstIndex { $0.id == id }
    }

    /// Traps when the queue's internal invariants do not hold; called by tests after every
    /// mutation.
    public func _checkInvariants() {
        if let currentIndex {
            precondition(entries.indices.contains(currentIndex), "current index out of range")
        }
        let ids = entries.map(\.id)
        precondition(Set(ids).count == entries.count, "duplicate entry identity")
        precondition(entries.allSatisfy { $0.id < nextID }, "entry identity from the future")
        precondition(playOrder.count == ids.count && Set(playOrder) == Set(ids), "play order is not a permutation")
        if followsQueueOrder { precondition(playOrder == ids, "unshuffled play order differs from queue order") }
    }

    /// Installs a play order.
    /// - Parameters:
    ///   - order: a permutation of the entries' identities.
    ///   - followsQueueOrder: whether later moves reorder it with the queue (shuffle off).
    mutating func setPlayOrder(_ order: [UInt64], followsQueueOrder: Bool) {
        precondition(order.count == entries.count && Set(order) == Set(entries.map(\.id)), "not a permutation")
        playOrder = order
        self.followsQueueOrder = followsQueueOrder
    }

    /// Puts back entries, play order and current entry exactly as given; new entries get
    /// identities after the largest one restored.
    mutating func restore(entries: [QueueEntry], playOrder: [UInt64], currentIndex: Int?, followsQueueOrder: Bool) {
        self.entries = entries
        self.playOrder = playOrder
        self.currentIndex = currentIndex
        self.followsQueueOrder = followsQueueOrder
        nextID = (entries.map(\.id).max() ?? 0) + 1
    }

    private mutating func makeEntry(_ item: MediaItem) -> QueueEntry {
        defer { nextID += 1 }
        return QueueEntry(id: nextID, location: item.location, collection: item.collection)
    }

    private func check(_ index: Int) throws(PlaybackError) {
        guard entries.indices.contains(index) else {
            throw .indexOutOfRange(index, count: entries.count)
        }
    }
}
