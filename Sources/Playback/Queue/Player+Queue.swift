extension Player {
    /// Appends files at the end of the queue.
    /// - Returns: the effects the daemon must carry out.
    public mutating func append(_ locations: [String], at now: Double) -> [PlayerEffect] {
        queue.append(locations)
        guard queue.current != nil else { return [.queueChanged] }
        return (isLoaded ? [.prepareNext(automaticNext)] : []) + [.queueChanged, .nowPlayingChanged]
    }

    /// Replaces the queue.
    ///
    /// With `play`, the entry at `startIndex` (default 0) starts playing; otherwise the
    /// transport stops and `startIndex`, if given, becomes current.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)`` for a `startIndex` past the end.
    public mutating func replace(
        with locations: [String], startIndex: Int?, play: Bool, at now: Double
    ) throws(PlaybackError) -> [PlayerEffect] {
        if let startIndex, !locations.indices.contains(startIndex) {
            throw .indexOutOfRange(startIndex, count: locations.count)
        }
        let wasLoaded = isLoaded
        queue.replace(with: locations)
        metadata.removeAll()
        unplayable.removeAll()
        anchor(0, at: now)
        state = .stopped
        let selected = startIndex ?? (play && !locations.isEmpty ? 0 : nil)
        try queue.select(selected)
        if play, selected != nil {
            return [.queueChanged] + startCurrent(at: now, from: 0, playing: true)
        }
        return (wasLoaded ? [.stop] : []) + [.queueChanged, .nowPlayingChanged]
    }

    /// Removes the entry at `index`. Removing the loaded entry moves on to the one that
    /// takes its place, keeping the transport's state, or stops when none does.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func remove(at index: Int, at now: Double) throws(PlaybackError) -> [PlayerEffect] {
        let wasCurrent = index == queue.currentIndex
        let removed = try queue.remove(at: index)
        metadata[removed.id] = nil
        unplayable.remove(removed.id)
        guard wasCurrent else {
            return (isLoaded ? [.prepareNext(automaticNext)] : []) + [.queueChanged, .nowPlayingChanged]
        }
        guard isLoaded else {
            anchor(0, at: now)
            return [.queueChanged, .nowPlayingChanged]
        }
        guard queue.current != nil else { return stopAtEnd(at: now) }
        return [.queueChanged] + startCurrent(at: now, from: 0, playing: state == .playing)
    }

    /// Moves an entry; the current entry stays current.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func move(from source: Int, to destination: Int, at now: Double) throws(PlaybackError) -> [PlayerEffect] {
        try queue.move(from: source, to: destination)
        return (isLoaded ? [.prepareNext(automaticNext)] : []) + [.queueChanged, .nowPlayingChanged]
    }

    /// Empties the queue and stops.
    public mutating func clear(at now: Double) -> [PlayerEffect] {
        let wasLoaded = isLoaded
        queue.clear()
        metadata.removeAll()
        unplayable.removeAll()
        anchor(0, at: now)
        state = .stopped
        return (wasLoaded ? [.stop] : []) + [.queueChanged, .nowPlayingChanged]
    }

    /// Starts playing the entry at `index` from its beginning.
    /// - Throws: ``PlaybackError/indexOutOfRange(_:count:)``.
    public mutating func playIndex(_ index: Int, at now: Double) throws(PlaybackError) -> [PlayerEffect] {
        try queue.select(index)
        unplayable.remove(queue.entries[index].id)
        return [.queueChanged] + startCurrent(at: now, from: 0, playing: true)
    }
}
