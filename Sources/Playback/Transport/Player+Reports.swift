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
            guard let step = automaticStep else { return stopAtEnd(at: now) }
            guard !pausesAtItemEnd else { return handOverPaused(step, at: now) }
            take(step)
            guard step.id == entryID else {
                // The output pre-rolled an entry the queue no longer wants next.
                return [.queueChanged] + startCurrent(at: now, from: 0, playing: state == .playing)
            }
            anchor(0, at: now)
            return [.prepareNext(prerolledNext), .queueChanged, .nowPlayingChanged]
        case .outputLost:
            // A lost output ends its scan; the position stays where it was heard.
            anchor(elapsed(at: now), at: now)
            scan = nil
            guard state == .playing else { return [] }
            state = .paused
            return [.nowPlayingChanged]
        case .reachedEnd:
            guard isLoaded else { return [] }
            guard pausesAtItemEnd, let step = automaticStep else { return stopAtEnd(at: now) }
            return handOverPaused(step, at: now)
        case .resumeFailed:
            guard let entry = queue.current else { return [] }
            return [.load(entry, position: elapsed(at: now), playing: true), .prepareNext(prerolledNext)]
        case .failed(let entryID):
            unplayable.insert(entryID)
            guard queue.current?.id == entryID else {
                return isLoaded ? [.prepareNext(prerolledNext)] : []
            }
            guard isLoaded, let next = stepForward() else { return isLoaded ? stopAtEnd(at: now) : [] }
            take(next)
            return [.queueChanged] + startCurrent(at: now, from: 0, playing: state == .playing)
        }
    }

    /// The current item ended with ``pausesAtItemEnd`` on: `step`'s entry becomes current,
    /// loaded paused at its start, and the hand-over is spent.
    private mutating func handOverPaused(_ step: Step, at now: Double) -> [PlayerEffect] {
        pausesAtItemEnd = false
        take(step)
        return [.queueChanged] + startCurrent(at: now, from: 0, playing: false)
    }
}
