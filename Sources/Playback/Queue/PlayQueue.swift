/// The ordered list of entries the player works through, and which one is current.
///
/// `currentIndex` is `nil` when nothing is selected (an empty queue, or after the end was
/// reached). Every mutation keeps the current entry current when it still exists.
public struct PlayQueue: Sendable, Equatable {
    /// The entries in queue order.
    public private(set) var entries: [QueueEntry] = []
    /// Index of the current entry in ``entries``, or `nil` when none is selected.
    public private(set) var currentIndex: Int?
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
        let added = locations.map { makeEntry($0) }
        entries.append(contentsOf: added)
        return added
    }

    /// Replaces every entry; nothing is current afterwards.
    /// - Parameter locations: absolute file paths, in order.
    public mutating func replace(with locations: [String]) {
        entries = locations.map { makeEntry($0) }
        currentIndex = nil
    }

    /// Removes the entry at `index`.
    ///
    /// When the current entry is removed, the entry that takes its place (if any) becomes
    /// current; removing an entry before the current one keeps the same entry current.
    /// - Returns: the removed entry.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    @discardableResult
    public mutating func remove(at index: Int) throws(PlaybackError) -> QueueEntry {
        try check(index)
        let removed = entries.remove(at: index)
        if let current = currentIndex {
            if index < current {
                currentIndex = current - 1
            } else if index == current, current >= entries.count {
                currentIndex = nil
            }
        }
        return removed
    }

    /// Moves the entry at `source` so that it ends up at `destination`.
    ///
    /// The current entry stays current wherever it ends up.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func move(from source: Int, to destination: Int) throws(PlaybackError) {
        try check(source)
        try check(destination)
        let currentID = current?.id
        let entry = entries.remove(at: source)
        entries.insert(entry, at: destination)
        currentIndex = currentID.flatMap { id in entries.firstIndex { $0.id == id } }
    }

    /// Removes every entry.
    public mutating func clear() {
        entries.removeAll()
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
        precondition(Set(entries.map(\.id)).count == entries.count, "duplicate entry identity")
        precondition(entries.allSatisfy { $0.id < nextID }, "entry identity from the future")
    }

    private mutating func makeEntry(_ location: String) -> QueueEntry {
        defer { nextID += 1 }
        return QueueEntry(id: nextID, location: location)
    }

    private func check(_ index: Int) throws(PlaybackError) {
        guard entries.indices.contains(index) else {
            throw .indexOutOfRange(index, count: entries.count)
        }
    }
}
