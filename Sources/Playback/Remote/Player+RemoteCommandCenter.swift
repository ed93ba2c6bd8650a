extension Player {
    /// Every command of the remote-command center with its enabled flag and properties, in
    /// SPEC order, as `remote.list` shows them.
    public var remoteCommands: [RemoteCommandState] {
        RemoteCommandKind.allCases.map { kind in
            var command = RemoteCommandState(command: kind, enabled: isEnabled(kind))
            switch kind {
            case .skipForward, .skipBackward:
                command.preferredIntervals = [preferredInterval(forward: kind == .skipForward)]
            case .changePlaybackRate:
                command.supportedPlaybackRates = RemoteCommandCenter.supportedPlaybackRates
                command.currentPlaybackRate = rate
            case .changeRepeatMode:
                command.currentRepeatType = repeatMode
            case .changeShuffleMode:
                command.currentShuffleType = shuffleMode
            case .like, .dislike, .bookmark:
                command.isActive = currentFeedback.map { $0[kind] } ?? false
                command.localizedTitle = RemoteCommandCenter.feedbackTitles[kind]
            default:
                break
            }
            return command
        }
    }

    /// Whether `command` is executed when sent: enabled in the command center, and not one
    /// that moves through time while a live stream is current (SPEC §10).
    public func isEnabled(_ command: RemoteCommandKind) -> Bool {
        commandCenter.isEnabled(command) && !(isLive && RemoteCommandKind.movingThroughTime.contains(command))
    }

    /// The interval a skip `forward` (or back) goes when a remote gives none: the spoken-word
    /// one while the current item is spoken word (``SkipIntervals``).
    public func preferredInterval(forward: Bool) -> Double {
        skipIntervals.interval(forward: forward, spokenWord: currentIsSpokenWord)
    }

    /// Whether the current item is a live stream.
    public var isLive: Bool { currentMetadata?.isLiveStream == true }

    /// Enables or disables a command at `now`.
    ///
    /// Disabling the seek command whose scan is held ends the scan, as its `end` could no
    /// longer arrive.
    /// - Returns: `success`; with `remoteChanged` when the flag changed.
    public mutating func setEnabled(_ enabled: Bool, for command: RemoteCommandKind, at now: Double) -> CommandOutcome {
        guard commandCenter.setEnabled(enabled, for: command) else { return CommandOutcome(.success) }
        let heldSeek: RemoteCommandKind? = scan.map { $0 == .forward ? .seekForward : .seekBackward }
        guard !enabled, command == heldSeek else { return CommandOutcome(.success, remoteEffects: [.remoteChanged]) }
        var outcome = endScan(at: now)
        outcome.remoteEffects.append(.remoteChanged)
        return outcome
    }
}

extension Feedback {
    /// Whether the feedback of a feedback command's kind is given.
    subscript(kind: RemoteCommandKind) -> Bool {
        switch kind {
        case .like: liked
        case .dislike: disliked
        default: bookmarked
        }
    }
}
