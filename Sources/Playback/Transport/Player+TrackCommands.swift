extension Player {
    /// Goes to the next entry in play order; at the end with repeat off, stops with
    /// `noSuchContent`.
    mutating func nextTrack(at now: Double) -> CommandOutcome {
        guard queue.currentIndex != nil else { return CommandOutcome(.noActionableNowPlayingItem) }
        guard let next = stepForward() else {
            return CommandOutcome(.noSuchContent, stopAtEnd(at: now))
        }
        take(next)
        return CommandOutcome(.success, reloadCurrent(at: now))
    }

    /// Restarts the current entry when 3 s or more have played; otherwise goes back to the
    /// entry played before it (the history), or, when the history has none, to the one
    /// before it in play order; with neither, restarts.
    mutating func previousTrack(at now: Double) -> CommandOutcome {
        guard queue.currentIndex != nil else { return CommandOutcome(.noActionableNowPlayingItem) }
        guard elapsed(at: now) < Self.restartThreshold, let previous = popHistory() ?? stepBackInOrder(),
            previous != queue.current?.id
        else {
            return seek(to: 0, at: now)
        }
        makeCurrent(queue.index(of: previous), goingBack: true)
        return CommandOutcome(.success, reloadCurrent(at: now))
    }

    /// After the current entry changed: keeps the transport doing what it did. Playing goes
    /// on playing the new entry, paused loads it paused, stopped only selects it.
    mutating func reloadCurrent(at now: Double) -> [PlayerEffect] {
        anchor(0, at: now)
        guard isLoaded else { return [.queueChanged, .nowPlayingChanged] }
        return [.queueChanged] + startCurrent(at: now, from: 0, playing: state == .playing)
    }

    /// Loads the current entry at `position` and sets the state to match `playing`.
    mutating func startCurrent(at now: Double, from position: Double, playing: Bool) -> [PlayerEffect] {
        guard let entry = queue.current else { return [] }
        anchor(position, at: now)
        state = playing ? .playing : .paused
        return [.load(entry, position: position, playing: playing), .prepareNext(prerolledNext), .nowPlayingChanged]
    }

    /// Plays on after a pause or an interruption: from where it was held, or, for a live
    /// stream, from the live edge, joined again.
    mutating func playOn(at now: Double) -> [PlayerEffect] {
        guard isLive else {
            anchor(anchorElapsed, at: now)
            state = .playing
            return [.resume, .nowPlayingChanged]
        }
        return startCurrent(at: now, from: 0, playing: true)
    }

    /// Stops because the play order ran out: nothing stays current.
    mutating func stopAtEnd(at now: Double) -> [PlayerEffect] {
        let wasLoaded = isLoaded
        makeCurrent(nil)
        becomeStopped(at: now)
        return (wasLoaded ? [.stop] : []) + [.queueChanged, .nowPlayingChanged]
    }
}
