import Focus
import Library
import Logging
import Playback

/// The player's audio session: activated before the player makes a sound, kept in the mode
/// the current item calls for, followed when the arbiter interrupts or resumes it, and
/// released once sound has stopped for `release_after` seconds (``SessionRelease``).
extension PlayerService {
    /// Activates the player's session when `trial` would make sound and it is not active;
    /// keeps its mode in step with the current item.
    /// - Returns: the arbiter's refusal, in which case `trial` must be dropped.
    ///
    /// Only a decision that starts sound activates: while the player plays on, a session
    /// that is no longer active was just interrupted, and the pending notice will pause it.
    func admit(_ trial: Player) -> FocusError? {
        guard trial.state == .playing else { return nil }
        let spoken = trial.queue.current.map(isSpokenWord) ?? false
        if player.state == .playing || sessions.playerIsActive {
            sessions.setPlayerMode(spokenAudio: spoken)
            return nil
        }
        return sessions.activatePlayer(spokenAudio: spoken)
    }

    /// Takes `trial` as the player's state once the session admits it.
    /// - Throws: `insufficientPriority` (or the arbiter's other refusal), changing nothing.
    func commit(_ trial: Player) throws(PlayerCommandError) {
        if let refusal = admit(trial) { throw PlayerCommandError(refusal) }
        adopt(trial)
    }

    /// Makes an admitted `trial` the player. A spoken-word item it leaves for another keeps
    /// the place heard now, not at the writer's next save up to 5 s later.
    func adopt(_ trial: Player) {
        if trial.queue.current?.id != player.queue.current?.id {
            observeOutput()
            keepResumePoint()
        }
        player = trial
    }

    /// The answer to a remote command the arbiter refused to let play: `commandFailed` with
    /// the policy's reason (SPEC §4: `insufficientPriority` during a call).
    /// - Throws: the arbiter's error as a domain error, for a refusal that is not the
    ///   policy's (none is expected for the player's own session).
    static func refused(_ refusal: FocusError) throws(PlayerCommandError) -> CommandResult {
        switch refusal {
        case .insufficientPriority: CommandResult(.commandFailed, reason: .insufficientPriority)
        case .cannotInterruptOthers: CommandResult(.commandFailed, reason: .cannotInterruptOthers)
        case .badParam, .noSuchSession, .sessionNotActive, .isBusy: throw PlayerCommandError(refusal)
        }
    }

    /// A podcast or audiobook: an `.m4b` file, by its genre tag, or as the library files it
    /// (a Podcasts or Audiobooks folder).
    func isSpokenWord(_ entry: QueueEntry) -> Bool {
        if SpokenWord.isBookFile(entry.location) { return true }
        if metadata(for: entry).genre.map({ Player.spokenWordGenres.contains($0.lowercased()) }) ?? false { return true }
        return libraryTrack(at: entry.location)?.isSpokenWord ?? false
    }

    /// Carries out what the arbiter decided for the player's session.
    func handle(_ notice: AudioSessionNotice) {
        // The session was activated again (`play`) after this interruption was decided.
        if notice == .interruptionBegan, sessions.playerIsActive { return }
        if notice == .routeLost { noteRouteLoss() }
        var notice = notice
        if case .interruptionEnded(shouldResume: true) = notice, player.state == .interrupted,
            let refusal = admit(playingCopy())
        {
            logger.notice("not resuming after the interruption: \(refusal.message)")
            notice = .interruptionEnded(shouldResume: false)
        }
        observeOutput()
        if case .interruptionEnded(shouldResume: true) = notice, player.state == .interrupted { stepBackBeforeResuming() }
        let outcome = player.handle(notice, at: now())
        apply(outcome.remoteEffects)
        apply(outcome.effects)
    }

    /// Spoken audio resumes a little before where an interruption stopped it, as podcast
    /// apps do, so that the word the interruption cut is heard whole.
    private func stepBackBeforeResuming() {
        guard let current = player.queue.current, isSpokenWord(current) else { return }
        let position = max(0, player.elapsed(at: now()) - Self.interruptedSpeechStepBack)
        _ = try? carryOut(.changePlaybackPosition(position))
    }

    /// How far back spoken audio resumes after an interruption, in seconds.
    static let interruptedSpeechStepBack = 2.0

    /// The player as it would be once resumed, for ``admit(_:)``.
    private func playingCopy() -> Player {
        var copy = player
        _ = copy.handle(.interruptionEnded(shouldResume: true), at: now())
        return copy
    }

    /// Releases the player's session `release_after` seconds after sound stopped, timed on
    /// the sessions' monotonic clock.
    func releaseSessionWhenIdle() {
        guard player.state != .playing, sessions.playerIsActive else {
            sessionRelease.cancel()
            return
        }
        if sessionRelease.isDue(at: sessions.now()) { sessions.releasePlayer() }
    }
}
