extension Player {
    /// Genres whose items are spoken word: the player's session takes mode `spokenAudio`
    /// while one of them is current, so navigation prompts pause it instead of ducking it.
    public static let spokenWordGenres: Set<String> = ["podcast", "audiobook", "speech", "spoken word"]

    /// Whether the current item is spoken word (by its genre tag).
    public var currentIsSpokenWord: Bool {
        guard let genre = currentMetadata?.genre else { return false }
        return Self.spokenWordGenres.contains(genre.lowercased())
    }

    /// Takes in what the arbiter says about the player's session at `now`.
    /// - Returns: the effects the daemon must carry out (the status is always `success`).
    public mutating func handle(_ notice: AudioSessionNotice, at now: Double) -> CommandOutcome {
        switch notice {
        case .interruptionBegan:
            guard state == .playing else { return CommandOutcome(.success) }
            return holdStill(in: .interrupted, at: now)
        case .interruptionEnded(let shouldResume):
            guard state == .interrupted else { return CommandOutcome(.success) }
            guard shouldResume else {
                state = .paused
                return CommandOutcome(.success, [.nowPlayingChanged])
            }
            return CommandOutcome(.success, playOn(at: now))
        case .routeLost:
            guard state == .playing else { return CommandOutcome(.success) }
            return holdStill(in: .paused, at: now)
        }
    }

    /// Stops the sound where it is heard, ending a held scan, and enters `held`.
    private mutating func holdStill(in held: PlaybackState, at now: Double) -> CommandOutcome {
        var outcome = endScan(at: now)
        anchor(elapsed(at: now), at: now)
        state = held
        outcome.effects = [.pause, .nowPlayingChanged]
        return outcome
    }
}
