extension Player {
    /// Carries out a remote command at `now`.
    ///
    /// A disabled command changes nothing and answers ``CommandOutcome/disabled``.
    /// - Returns: the status for the remote and the effects for the daemon.
    public mutating func handle(_ command: RemoteCommand, at now: Double) -> CommandOutcome {
        guard isEnabled(command.kind) else { return .disabled }
        switch command {
        case .play: return play(at: now)
        case .pause: return pause(at: now)
        case .togglePlayPause: return state == .playing ? pause(at: now) : play(at: now)
        case .stop: return stop(at: now)
        case .nextTrack: return nextTrack(at: now)
        case .previousTrack: return previousTrack(at: now)
        case .changePlaybackPosition(let position): return seek(to: position, at: now)
        case .skipForward(let interval):
            return seek(to: elapsed(at: now) + (interval ?? preferredInterval(forward: true)), at: now)
        case .skipBackward(let interval):
            return seek(to: elapsed(at: now) - (interval ?? preferredInterval(forward: false)), at: now)
        case .seekForward(let type): return scan(.forward, type, at: now)
        case .seekBackward(let type): return scan(.backward, type, at: now)
        case .changePlaybackRate(let rate): return changeRate(to: rate, at: now)
        case .changeRepeatMode(let mode): return changeRepeatMode(to: mode ?? repeatMode.next)
        case .changeShuffleMode(let mode): return changeShuffleMode(to: mode ?? shuffleMode.next)
        case .like(let isActive): return giveFeedback(.like, isActive: isActive)
        case .dislike(let isActive): return giveFeedback(.dislike, isActive: isActive)
        case .bookmark(let isActive): return giveFeedback(.bookmark, isActive: isActive)
        }
    }

    private mutating func play(at now: Double) -> CommandOutcome {
        switch state {
        case .playing:
            return CommandOutcome(.success)
        case .paused, .interrupted:
            return CommandOutcome(.success, playOn(at: now))
        case .stopped, .unknown:
            guard queue.count > 0 else { return CommandOutcome(.noActionableNowPlayingItem) }
            var effects: [PlayerEffect] = []
            if queue.currentIndex == nil {
                guard let first = stepForward() else { return CommandOutcome(.noActionableNowPlayingItem) }
                take(first)
                anchor(0, at: now)
                effects.append(.queueChanged)
            }
            return CommandOutcome(.success, effects + startCurrent(at: now, from: anchorElapsed, playing: true))
        }
    }

    /// Pauses; a held scan ends with it.
    private mutating func pause(at now: Double) -> CommandOutcome {
        guard queue.current != nil else {
            return CommandOutcome(queue.count == 0 ? .noActionableNowPlayingItem : .success)
        }
        guard state == .playing else { return endScan(at: now) }
        var outcome = endScan(at: now)
        anchor(elapsed(at: now), at: now)
        state = .paused
        outcome.effects = [.pause, .nowPlayingChanged]
        return outcome
    }

    /// Stops and rewinds; stopping the output ends a held scan.
    private mutating func stop(at now: Double) -> CommandOutcome {
        guard queue.current != nil else {
            return CommandOutcome(queue.count == 0 ? .noActionableNowPlayingItem : .success)
        }
        let wasLoaded = isLoaded
        becomeStopped(at: now)
        return CommandOutcome(.success, (wasLoaded ? [.stop] : []) + [.nowPlayingChanged])
    }

    private mutating func changeRepeatMode(to mode: RepeatMode) -> CommandOutcome {
        guard mode != repeatMode else { return CommandOutcome(.success) }
        return CommandOutcome(.success, setRepeatMode(mode) + [.queueChanged], remoteEffects: [.remoteChanged])
    }

    private mutating func changeShuffleMode(to mode: ShuffleMode) -> CommandOutcome {
        guard changeShuffle(to: mode) else { return CommandOutcome(.success) }
        let effects: [PlayerEffect] = (isLoaded ? [.prepareNext(prerolledNext)] : []) + [.queueChanged]
        return CommandOutcome(.success, effects, remoteEffects: [.remoteChanged])
    }
}
