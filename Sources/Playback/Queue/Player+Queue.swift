extension Player {
    /// Appends files at the end of the queue.
    /// - Returns: the effects the daemon must carry out.
    public mutating func append(_ locations: [String], at now: Double) -> [PlayerEffect] {
        append(items: locations.map { MediaItem(location: $0) }, at: now)
    }

    /// Appends items at the end of the queue. They also join the end of the play order:
    /// whatever was going to play still plays first. When shuffled, the appended items are
    /// shuffled among themselves (by collection under `collections` shuffle).
    /// - Returns: the effects the daemon must carry out.
    public mutating func append(items: [MediaItem], at now: Double) -> [PlayerEffect] {
        shuffleTail(queue.append(items: items).count)
        guard queue.current != nil else { return [.queueChanged] }
        return (isLoaded ? [.prepareNext(prerolledNext)] : []) + [.queueChanged, .nowPlayingChanged]
    }

    /// Replaces the queue with files.
    ///
    /// Queues every file without a collection; otherwise as
    /// ``replace(withItems:startIndex:play:startPosition:at:)``.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)`` for a `startIndex` past the end.
    public mutating func replace(
        with locations: [String], startIndex: Int?, play: Bool, at now: Double
    ) throws(PlaybackError) -> [PlayerEffect] {
        try replace(withItems: locations.map { MediaItem(location: $0) }, startIndex: startIndex, play: play, at: now)
    }

    /// Replaces the queue.
    ///
    /// With `play`, the entry at `startIndex` (default: the first in play order) starts
    /// playing; otherwise the transport stops and `startIndex`, if given, becomes current.
    /// When shuffled, a new order is drawn that opens with the entry at `startIndex`. The
    /// history is forgotten. `startPosition` (seconds) is where the first entry starts: a
    /// spoken-word item's resume point.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)`` for a `startIndex` past the end.
    public mutating func replace(
        withItems items: [MediaItem], startIndex: Int?, play: Bool, startPosition: Double = 0, at now: Double
    ) throws(PlaybackError) -> [PlayerEffect] {
        if let startIndex, !items.indices.contains(startIndex) {
            throw .indexOutOfRange(startIndex, count: items.count)
        }
        let wasLoaded = isLoaded
        let old = Set(queue.entries.map(\.id))
        queue.replace(withItems: items)
        forget(old)
        reshuffle(first: startIndex.map { queue.entries[$0].id })
        becomeStopped(at: now)
        let selected = startIndex ?? (play ? queue.playOrder.first.flatMap { queue.index(of: $0) } : nil)
        try queue.select(selected)
        if play, selected != nil {
            return [.queueChanged] + startCurrent(at: now, from: max(0, startPosition), playing: true)
        }
        return (wasLoaded ? [.stop] : []) + [.queueChanged, .nowPlayingChanged]
    }

    /// Removes the entry at `index`. Removing the loaded entry moves on to the one that
    /// follows it in play order, keeping the transport's state, or stops when none does.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func remove(at index: Int, at now: Double) throws(PlaybackError) -> [PlayerEffect] {
        let wasCurrent = index == queue.currentIndex
        let removed = try queue.remove(at: index)
        forget([removed.id])
        guard wasCurrent else {
            return (isLoaded ? [.prepareNext(prerolledNext)] : []) + [.queueChanged, .nowPlayingChanged]
        }
        guard isLoaded else {
            anchor(0, at: now)
            return [.queueChanged, .nowPlayingChanged]
        }
        guard queue.current != nil else { return stopAtEnd(at: now) }
        return [.queueChanged] + startCurrent(at: now, from: 0, playing: state == .playing)
    }

    /// Moves an entry; the current entry stays current. A shuffled play order is kept.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func move(from source: Int, to destination: Int, at now: Double) throws(PlaybackError) -> [PlayerEffect] {
        try queue.move(from: source, to: destination)
        return (isLoaded ? [.prepareNext(prerolledNext)] : []) + [.queueChanged, .nowPlayingChanged]
    }

    /// Empties the queue and stops.
    public mutating func clear(at now: Double) -> [PlayerEffect] {
        let wasLoaded = isLoaded
        let old = Set(queue.entries.map(\.id))
        queue.clear()
        forget(old)
        becomeStopped(at: now)
        return (wasLoaded ? [.stop] : []) + [.queueChanged, .nowPlayingChanged]
    }

    /// Starts playing the entry at `index` from its beginning. The play order is kept: play
    /// goes on from the entry's place in it.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func playIndex(_ index: Int, at now: Double) throws(PlaybackError) -> [PlayerEffect] {
        guard queue.entries.indices.contains(index) else {
            throw .indexOutOfRange(index, count: queue.count)
        }
        makeCurrent(index)
        unplayable.remove(queue.entries[index].id)
        return [.queueChanged] + startCurrent(at: now, from: 0, playing: true)
    }
}
