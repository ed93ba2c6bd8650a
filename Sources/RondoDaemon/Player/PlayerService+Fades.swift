import Audio
import Playback

/// Pauses, stops and resumes that fade instead of cutting (`[playback] fade_ms`, SPEC §15):
/// the player's transport fade ramps to silence and only then is the engine paused or
/// stopped; a resume starts silent and rises. The fade is the player's session level under
/// its duck and volume, so a duck moves in its own ramp meanwhile.
extension PlayerService {
    /// Fades the sound out over `fadeMilliseconds`, then does `action` (the engine's pause
    /// or stop); at once when fades are off or nothing sounds. A resume, a load or a seek
    /// decided meanwhile ends the wait (``finishFadeOut()``, ``cancelFadeOut()``).
    func fadeOut(then action: @escaping @Sendable () -> Void) {
        cancelFadeOut()
        guard fadeMilliseconds > 0, engine.isLoaded, wasPlaying else {
            action()
            return
        }
        fadeTicket += 1
        let ticket = fadeTicket
        pendingFadeOut = action
        sessions.fadePlayer(to: 0, over: fadeMilliseconds)
        let wait = Double(fadeMilliseconds) / 1000
        Task { [weak self] in
            try? await Task.sleep(for: .seconds(wait))
            await self?.fadeOutEnded(ticket)
        }
    }

    /// Does what a fade-out waited for, once it is over, unless something ended the wait.
    private func fadeOutEnded(_ ticket: Int) {
        guard ticket == fadeTicket else { return }
        finishFadeOut()
    }

    /// Does now what a fade-out in progress waits to do, and gives the sound its level back
    /// for what comes next (the engine is silent by then).
    func finishFadeOut() {
        guard let action = pendingFadeOut else { return }
        pendingFadeOut = nil
        fadeTicket += 1
        action()
        sessions.fadePlayer(to: 1, over: 0)
    }

    /// Drops what a fade-out in progress waits to do (the sound goes on); whether one was.
    @discardableResult
    func cancelFadeOut() -> Bool {
        guard pendingFadeOut != nil else { return false }
        pendingFadeOut = nil
        fadeTicket += 1
        return true
    }

    /// Resumes the engine with the sound rising over `fadeMilliseconds`: from where a
    /// fade-out in progress has brought it (the engine still plays), or from silence.
    /// Returns whether the engine plays.
    func fadeIn(resuming resume: () -> Bool) -> Bool {
        if cancelFadeOut() {
            sessions.fadePlayer(to: 1, over: fadeMilliseconds)
            return true
        }
        guard fadeMilliseconds > 0 else { return resume() }
        sessions.fadePlayer(to: 0, over: 0)
        let playing = resume()
        sessions.fadePlayer(to: 1, over: playing ? fadeMilliseconds : 0)
        return playing
    }
}
