extension Player {
    /// Carries out a remote command at `now`.
    /// - Returns: the status for the remote and the effects for the daemon.
    public mutating func handle(_ command: RemoteCommand, at now: Double) -> CommandOutcome {
        switch command {
        case .play: return play(at: now)
        case .pause: return pause(at: now)
        case .togglePlayPause: return state == .playing ? pause(at: now) : play(at: now)
        case .stop: return stop(at: now)
        case .nextTrack: return nextTrack(at: now)
        case .previousTrack: return previousTrack(at: now)
        case .changePlaybackPosition(let position): return seek(to: position, at: now)
        case .skipForward(let interval):
            return seek(to: elapsed(at: now) + (interval ?? Self.preferredInterval), at: now)
        case .skipBackward(let interval):
            return seek(to: elapsed(at: now) - (interval ?? Self.preferredInterval), at: now)
        }
    }

    private mutating func play(at now: Double) -> CommandOutcome {
        switch state {
        case .playing:
            return CommandOutcome(.success)
        case .paused, .interrupted:
            anchor(anchorElapsed, at: now)
            state = .playing
            return CommandOutcome(.success, [.resume, .nowPlayingChanged])
        case .stopped, .unknown:
            guard queue.count > 0 else { return CommandOutcome(.noActionableNowPlayingItem) }
            var effects: [PlayerEffect] = []
            if queue.currentIndex == nil {
                guard let first = following(-1, step: 1) else {
                    return CommandOutcome(.noActionableNowPlayingItem)
                }
                try? queue.select(first)
                anchor(0, at: now)
                effects.append(.queueChanged)
            }
            return CommandOutcome(.success, effects + startCurrent(at: now, from: anchorElapsed, playing: true))
        }
    }

    private mutating func pause(at now: Double) -> CommandOutcome {
        guard queue.current != nil else {
            return CommandOutcome(queue.count == 0 ? .noActionableNowPlayingItem : .success)
        }
        guard state == .playing else { return CommandOutcome(.success) }
        anchor(elapsed(at: now), at: now)
        state = .paused
        return CommandOutcome(.success, [.pause, .nowPlayingChanged])
    }

    private mutating func stop(at now: Double) -> CommandOutcome {
        guard queue.current != nil else {
            return CommandOutcome(queue.count == 0 ? .noActionableNowPlayingItem : .success)
        }
        let wasLoaded = isLoaded
        anchor(0, at: now)
        state = .stopped
        return CommandOutcome(.success, (wasLoaded ? [.stop] : []) + [.nowPlayingChanged])
    }

    private mutating func nextTrack(at now: Double) -> CommandOutcome {
        guard let current = queue.currentIndex else { return CommandOutcome(.noActionableNowPlayingItem) }
        guard let next = following(current, step: 1) else {
            return CommandOutcome(.noSuchContent, stopAtEnd(at: now))
        }
        return CommandOutcome(.success, go(to: next, at: now))
    }

    private mutating func previousTrack(at now: Double) -> CommandOutcome {
        guard let current = queue.currentIndex else { return CommandOutcome(.noActionableNowPlayingItem) }
        guard elapsed(at: now) < Self.restartThreshold, let previous = following(current, step: -1) else {
            return seek(to: 0, at: now)
        }
        return CommandOutcome(.success, go(to: previous, at: now))
    }

    private mutating func seek(to position: Double, at now: Double) -> CommandOutcome {
        guard queue.current != nil else { return CommandOutcome(.noActionableNowPlayingItem) }
        var target = position.isNaN ? 0 : min(max(0, position), .greatestFiniteMagnitude)
        if let duration = currentMetadata?.duration { target = min(target, duration) }
        anchor(target, at: now)
        return CommandOutcome(.success, (isLoaded ? [.seek(to: target)] : []) + [.nowPlayingChanged])
    }

    /// Makes `index` current and keeps the transport doing what it did: playing goes on
    /// playing the new item, paused loads it paused, stopped only selects it.
    mutating func go(to index: Int, at now: Double) -> [PlayerEffect] {
        try? queue.select(index)
        anchor(0, at: now)
        guard isLoaded else { return [.queueChanged, .nowPlayingChanged] }
        return [.queueChanged] + startCurrent(at: now, from: 0, playing: state == .playing)
    }

    /// Loads the current entry at `position` and sets the state to match `playing`.
    mutating func startCurrent(at now: Double, from position: Double, playing: Bool) -> [PlayerEffect] {
        guard let entry = queue.current else { return [] }
        anchor(position, at: now)
        state = playing ? .playing : .paused
        return [.load(entry, position: position, playing: playing), .prepareNext(automaticNext), .nowPlayingChanged]
    }

    /// Stops because the play order ran out: nothing stays current.
    mutating func stopAtEnd(at now: Double) -> [PlayerEffect] {
        let wasLoaded = isLoaded
        try? queue.select(nil)
        anchor(0, at: now)
        state = .stopped
        return (wasLoaded ? [.stop] : []) + [.queueChanged, .nowPlayingChanged]
    }
}
