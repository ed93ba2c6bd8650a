import Audio
import Playback

/// Pauses, stops, skips and resumes that fade instead of cutting (`[playback] fade_ms`, SPEC
/// §15): the player's transport fade ramps to silence and only then is the engine paused or
/// stopped, or given the next track; a resume and a track skipped to start silent and rise. The fade is the player's session level under
/// its duck and volume, so a duck moves in its own ramp meanwhile.
extension PlayerService {
    /// Fades the sound out over the fade's length (``PlayerFades``), then does `action` (the engine's pause
    /// or stop); at once when fades are off or nothing sounds. A resume, a load or a seek
    /// decided meanwhile ends the wait (``finishFadeOut()``, ``cancelFadeOut()``).
    func fadeOut(then action: @escaping @Sendable () -> Void) {
        cancelFadeOut()
        guard fades.milliseconds > 0, engine.isLoaded, wasPlaying else {
            action()
            return
        }
        let ticket = fades.beginFadeOut(then: action)
        // An interruption fades the session out by itself (``SessionService``): a second
        // ramp would make the fall twice as steep.
        if player.state != .interrupted { sessions.fadePlayer(to: 0, over: fades.milliseconds) }
        let wait = fades.seconds
        Task { [weak self] in
            try? await Task.sleep(for: .seconds(wait))
            await self?.fadeOutEnded(ticket)
        }
    }

    /// Does what a fade-out waited for, once it is over, unless something ended the wait.
    private func fadeOutEnded(_ ticket: Int) {
        guard fades.isCurrent(ticket) else { return }
        finishFadeOut()
    }

    /// Does now what a fade-out in progress waits to do, and gives the sound its level back
    /// for what comes next (the engine is silent by then).
    func finishFadeOut() {
        guard let action = fades.endFadeOut() else { return }
        action()
        sessions.fadePlayer(to: 1, over: 0)
    }

    /// Drops what a fade-out in progress waits to do (the sound goes on); whether one was.
    @discardableResult
    func cancelFadeOut() -> Bool {
        fades.endFadeOut() != nil
    }

    /// Resumes the engine with the sound rising over the fade's length: from where a
    /// fade-out in progress has brought it (the engine still plays), or from silence.
    /// Returns whether the engine plays.
    func fadeIn(resuming resume: () -> Bool) -> Bool {
        if cancelFadeOut() {
            sessions.fadePlayer(to: 1, over: fades.milliseconds)
            return true
        }
        guard fades.milliseconds > 0 else { return resume() }
        sessions.fadePlayer(to: 0, over: 0)
        let playing = resume()
        sessions.fadePlayer(to: 1, over: playing ? fades.milliseconds : 0)
        return playing
    }

    /// Starts fading out what the engine plays, for a load that replaces it, when it sounds
    /// and fades are on; else stops the engine now. What was pre-rolled after it is dropped
    /// meanwhile, so the fade does not end in it.
    /// - Returns: when the fade is over and the loader may stop the engine and hand it the
    ///   new track; `nil` when the engine was stopped now (or had nothing).
    func fadeOutForLoad() -> ContinuousClock.Instant? {
        guard engine.isLoaded else { return nil }
        guard fades.milliseconds > 0, wasPlaying else {
            engine.stop()
            return nil
        }
        engine.prepareNext(nil)
        sessions.fadePlayer(to: 0, over: fades.milliseconds)
        fades.fadedOutForLoad = true
        return .now + .milliseconds(fades.milliseconds + Self.silenceBeforeNextMilliseconds)
    }

    /// How long after a fade out for a load the new track is handed over. The fade's last
    /// steps reach the server every 5 ms and it mixes ahead at the level then in force: handed
    /// over the moment the fade ends, the new track's first samples could sound under the
    /// old one's tail. After this short silence the old track is gone before the next rises.
    static let silenceBeforeNextMilliseconds = 30

    /// Raises the sound again over `milliseconds` once a load that faded out what it
    /// replaced is handed to the engine (or at once when it failed).
    func fadeInAfterLoad(over milliseconds: Int) {
        guard fades.fadedOutForLoad else { return }
        fades.fadedOutForLoad = false
        sessions.fadePlayer(to: 1, over: milliseconds)
    }
}
