import Playback
import Testing

/// A queue of `count` entries (`/q/0` …) with `current` selected; invariants checked.
private func makeQueue(_ count: Int, current: Int? = nil) throws -> PlayQueue {
    var queue = PlayQueue()
    queue.append((0..<count).map { "/q/\($0)" })
    queue._checkInvariants()
    try queue.select(current)
    queue._checkInvariants()
    return queue
}

private func locations(_ queue: PlayQueue) -> [String] { queue.entries.map(\.location) }

@Suite struct PlayQueueTests {
    /// A new queue is empty and has nothing current.
    @Test func newQueueIsEmpty() {
        let queue = PlayQueue()
        queue._checkInvariants()
        #expect(queue.count == 0)
        #expect(queue.entries.isEmpty)
        #expect(queue.currentIndex == nil)
        #expect(queue.current == nil)
    }

    /// Appending adds entries in order at the end, returns them, and selects nothing.
    @Test func appendAddsInOrderWithoutSelecting() {
        var queue = PlayQueue()
        let first = queue.append(["/a", "/b"])
        queue._checkInvariants()
        let second = queue.append(["/c"])
        queue._checkInvariants()
        #expect(first.map(\.location) == ["/a", "/b"])
        #expect(second.map(\.location) == ["/c"])
        #expect(queue.entries == first + second)
        #expect(queue.currentIndex == nil)
    }

    /// Appending the same file twice makes two entries with different identities.
    @Test func sameFileTwiceIsTwoEntries() {
        var queue = PlayQueue()
        let added = queue.append(["/same", "/same"])
        queue._checkInvariants()
        #expect(added.count == 2)
        #expect(added[0].id != added[1].id)
        #expect(added[0] != added[1])
    }

    /// Appending to a queue with a current entry keeps that entry current.
    @Test func appendKeepsCurrent() throws {
        var queue = try makeQueue(2, current: 1)
        let before = queue.current
        queue.append(["/x"])
        queue._checkInvariants()
        #expect(queue.currentIndex == 1)
        #expect(queue.current == before)
    }

    /// Appending nothing changes nothing.
    @Test func appendEmptyChangesNothing() throws {
        var queue = try makeQueue(2, current: 0)
        let before = queue
        let added = queue.append([])
        queue._checkInvariants()
        #expect(added.isEmpty)
        #expect(queue == before)
    }

    /// Replacing swaps every entry for new ones with fresh identities and selects nothing.
    @Test func replaceSwapsEntriesAndDeselects() throws {
        var queue = try makeQueue(3, current: 2)
        let oldIDs = Set(queue.entries.map(\.id))
        queue.replace(with: ["/x", "/y"])
        queue._checkInvariants()
        #expect(locations(queue) == ["/x", "/y"])
        #expect(queue.currentIndex == nil)
        #expect(oldIDs.isDisjoint(with: queue.entries.map(\.id)))
    }

    /// Selecting an index makes that entry current; selecting `nil` selects nothing.
    @Test func selectAndDeselect() throws {
        var queue = try makeQueue(3)
        try queue.select(2)
        queue._checkInvariants()
        #expect(queue.currentIndex == 2)
        #expect(queue.current == queue.entries[2])
        try queue.select(nil)
        queue._checkInvariants()
        #expect(queue.currentIndex == nil)
        #expect(queue.current == nil)
    }

    /// Selecting an index that does not exist throws and keeps the current entry.
    @Test(arguments: [-1, 3, 4, 100])
    func selectOutOfRangeThrows(index: Int) throws {
        var queue = try makeQueue(3, current: 1)
        let before = queue
        #expect(throws: PlaybackError.indexOutOfRange(index, count: 3)) { try queue.select(index) }
        queue._checkInvariants()
        #expect(queue == before)
    }

    /// Selecting any index in an empty queue throws with count 0.
    @Test func selectInEmptyQueueThrows() {
        var queue = PlayQueue()
        #expect(throws: PlaybackError.indexOutOfRange(0, count: 0)) { try queue.select(0) }
        queue._checkInvariants()
        #expect(queue.currentIndex == nil)
    }

    /// Removing returns the removed entry and keeps the order of the others.
    @Test func removeReturnsEntryAndKeepsOrder() throws {
        var queue = try makeQueue(4)
        let target = queue.entries[1]
        let removed = try queue.remove(at: 1)
        queue._checkInvariants()
        #expect(removed == target)
        #expect(locations(queue) == ["/q/0", "/q/2", "/q/3"])
        #expect(queue.index(of: target.id) == nil)
    }

    /// Removing before, at or after the current entry keeps the right entry current: the same
    /// one when another is removed, the one that takes its place when it is removed, and none
    /// when the removed current entry was the last.
    @Test(
        arguments: [
            // (current, removed, expected current location)
            (2, 0, "/q/2"), (2, 1, "/q/2"), (2, 2, "/q/3"), (2, 3, "/q/2"),
            (0, 0, "/q/1"), (3, 3, nil), (3, 0, "/q/3"), (0, 3, "/q/0"),
        ] as [(Int, Int, String?)])
    func removeKeepsTheRightEntryCurrent(current: Int, removed: Int, expected: String?) throws {
        var queue = try makeQueue(4, current: current)
        try queue.remove(at: removed)
        queue._checkInvariants()
        #expect(queue.count == 3)
        #expect(queue.current?.location == expected)
    }

    /// Removing from a queue with nothing current keeps nothing current.
    @Test func removeWithoutCurrent() throws {
        var queue = try makeQueue(3)
        try queue.remove(at: 1)
        queue._checkInvariants()
        #expect(queue.currentIndex == nil)
    }

    /// Removing the only entry, current, leaves an empty queue with nothing current.
    @Test func removeOnlyEntry() throws {
        var queue = try makeQueue(1, current: 0)
        try queue.remove(at: 0)
        queue._checkInvariants()
        #expect(queue.count == 0)
        #expect(queue.currentIndex == nil)
    }

    /// Removing an index that does not exist throws and changes nothing.
    @Test(arguments: [-1, 3, 50])
    func removeOutOfRangeThrows(index: Int) throws {
        var queue = try makeQueue(3, current: 1)
        let before = queue
        #expect(throws: PlaybackError.indexOutOfRange(index, count: 3)) { try queue.remove(at: index) }
        queue._checkInvariants()
        #expect(queue == before)
    }

    /// Moving puts the entry at the destination and shifts the ones in between.
    @Test(arguments: [
        (0, 3, ["/q/1", "/q/2", "/q/3", "/q/0"]),
        (3, 0, ["/q/3", "/q/0", "/q/1", "/q/2"]),
        (1, 2, ["/q/0", "/q/2", "/q/1", "/q/3"]),
        (2, 2, ["/q/0", "/q/1", "/q/2", "/q/3"]),
    ])
    func moveReorders(source: Int, destination: Int, expected: [String]) throws {
        var queue = try makeQueue(4)
        let moved = queue.entries[source]
        try queue.move(from: source, to: destination)
        queue._checkInvariants()
        #expect(locations(queue) == expected)
        #expect(queue.entries[destination] == moved)
    }

    /// The current entry stays current wherever a move puts it, or puts the entries around it.
    @Test(arguments: [
        // (current, source, destination, expected current index)
        (1, 1, 3, 3), (1, 1, 0, 0), (1, 0, 3, 0), (1, 3, 0, 2), (1, 2, 3, 1), (0, 3, 1, 0),
        (3, 0, 3, 2), (3, 3, 3, 3),
    ])
    func moveKeepsCurrentEntryCurrent(current: Int, source: Int, destination: Int, expected: Int) throws {
        var queue = try makeQueue(4, current: current)
        let currentEntry = queue.current
        try queue.move(from: source, to: destination)
        queue._checkInvariants()
        #expect(queue.currentIndex == expected)
        #expect(queue.current == currentEntry)
    }

    /// Moving with nothing current keeps nothing current.
    @Test func moveWithoutCurrent() throws {
        var queue = try makeQueue(3)
        try queue.move(from: 0, to: 2)
        queue._checkInvariants()
        #expect(queue.currentIndex == nil)
    }

    /// Moving from or to an index that does not exist throws and changes nothing.
    @Test(arguments: [(-1, 0, -1), (3, 0, 3), (0, 3, 3), (0, -1, -1), (1, 7, 7)])
    func moveOutOfRangeThrows(source: Int, destination: Int, badIndex: Int) throws {
        var queue = try makeQueue(3, current: 2)
        let before = queue
        #expect(throws: PlaybackError.indexOutOfRange(badIndex, count: 3)) {
            try queue.move(from: source, to: destination)
        }
        queue._checkInvariants()
        #expect(queue == before)
    }

    /// Clearing removes every entry and selects nothing.
    @Test func clearEmpties() throws {
        var queue = try makeQueue(3, current: 1)
        queue.clear()
        queue._checkInvariants()
        #expect(queue.count == 0)
        #expect(queue.currentIndex == nil)
    }

    /// Looking an entry up by identity finds it where it is now, and not after removal.
    @Test func indexOfFollowsIdentity() throws {
        var queue = try makeQueue(3)
        let id = queue.entries[0].id
        #expect(queue.index(of: id) == 0)
        try queue.move(from: 0, to: 2)
        queue._checkInvariants()
        #expect(queue.index(of: id) == 2)
        try queue.remove(at: 2)
        queue._checkInvariants()
        #expect(queue.index(of: id) == nil)
    }

    /// Identities are never reused, even after entries are removed, cleared or replaced.
    @Test func identitiesAreNeverReused() throws {
        var queue = try makeQueue(3)
        var seen = Set(queue.entries.map(\.id))
        try queue.remove(at: 2)
        queue._checkInvariants()
        let afterRemove = queue.append(["/n"])
        queue._checkInvariants()
        queue.clear()
        queue._checkInvariants()
        let afterClear = queue.append(["/m"])
        queue._checkInvariants()
        queue.replace(with: ["/r", "/s"])
        queue._checkInvariants()
        for entry in afterRemove + afterClear + queue.entries {
            #expect(seen.insert(entry.id).inserted, "identity \(entry.id) reused")
        }
    }
}
