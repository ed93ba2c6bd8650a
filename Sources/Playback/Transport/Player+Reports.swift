extension Player {
    /// Takes in what the audio output reports at `now`.
    /// - Returns: the effects the daemon must carry out.
    public mutating func handle(_ report: OutputReport, at now: Double) -> [PlayerEffect] {
        switch report {
        case .positionObserved(let position):
            if isLoaded { anchor(position, at: now) }
            return []
        case .advanced(let entryID):
            guard isLoaded else { return [] }
            guard let next = automaticNext, next.id == entryID, let index = queue.index(of: entryID) else {
                // The output pre-rolled an entry the queue no longer wants next.
                guard let wanted = automaticNext, let index = queue.index(of: wanted.id) else {
                    return stopAtEnd(at: now)
                }
                try? queue.select(index)
                return [.queueChanged] + startCurrent(at: now, from: 0, playing: state == .playing)
            }
            try? queue.select(index)
            anchor(0, at: now)
            return [.prepareNext(automaticNext), .queueChanged, .nowPlayingChanged]
        case .outputLost:
            guard state == .playing else { return [] }
            anchor(elapsed(at: now), at: now)
            state = .paused
            return [.nowPlayingChanged]
        case .reachedEnd:
            guard isLoaded else { return [] }
            return stopAtEnd(at: now)
        case .failed(let entryID):
            unplayable.insert(entryID)
            guard queue.current?.id == entryID else {
                return isLoaded ? [.prepareNext(automaticNext)] : []
            }
            guard isLoaded else { return [] }
            guard let next = following(queue.currentIndex, step: 1) else { return stopAtEnd(at: now) }
            try? queue.select(next)
            return [.queueChanged] + startCurrent(at: now, from: 0, playing: state == .playing)
        }
    }
}
