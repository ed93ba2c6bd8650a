import Logging
import Playback

/// What the listener asks of the sleep timer.
enum SleepRequest: Sendable, Equatable {
    /// Sleep this many minutes from now.
    case minutes(Double)
    /// Sleep at the end of the item playing.
    case endOfItem
    /// No timer.
    case off
}

/// The sleep timer (`player.sleep`, SPEC §15): the music fades over the timer's last 10 s,
/// in the player's transport fade (under its duck and the listener's volume), then pauses
/// and plays at its level again on the next play.
extension PlayerService {
    /// Sets the timer to `minutes` from now or to the end of the item playing, or clears it.
    /// - Throws: `badParam` for minutes outside 0 (excluded) to a day, or for the end of an
    ///   item with nothing queued or a live stream.
    func setSleep(_ request: SleepRequest) throws(PlayerCommandError) -> SleepTimerState {
        switch request {
        case .minutes(let minutes):
            guard minutes > 0, minutes <= 24 * 60 else { throw PlayerCommandError(.badParam, "minutes must be more than 0 and at most 1440 (a day)") }
            fades.sleepTimer = SleepTimer(.at(now() + minutes * 60))
        case .endOfItem:
            guard let current = player.queue.current else { throw PlayerCommandError(.badParam, "nothing is queued, so no item can end") }
            guard player.nowPlayingInfo(at: now())?.metadata.isLiveStream != true else {
                throw PlayerCommandError(.badParam, "\(current.location) is a live stream, which has no end; give minutes instead")
            }
            fades.sleepTimer = SleepTimer(.endOfItem)
        case .off:
            endSleep()
        }
        logger.notice("sleep timer: \(fades.sleepTimer.map { "\($0.end)" } ?? "cleared")")
        announce(.nowPlayingChanged)
        chores.ring()
        return sleepState() ?? SleepTimerState(endsAt: nil, endOfItem: false)
    }

    /// The timer as `nowPlaying.get` shows it; `nil` when none is set.
    func sleepState() -> SleepTimerState? {
        guard let sleepTimer = fades.sleepTimer else { return nil }
        let moment = now()
        return SleepTimerState(
            endsAt: sleepTimer.endsAt(now: moment, playing: player.state == .playing ? player.nowPlayingInfo(at: moment) : nil),
            endOfItem: sleepTimer.end == .endOfItem)
    }

    /// Seconds until the timer next moves the level or ends; `nil` with no timer or none
    /// known (the end of an item that is paused).
    func untilSleepStep() -> Double? {
        guard let left = sleepSecondsLeft() else { return nil }
        return SleepTimer.untilNextStep(secondsLeft: left - fades.seconds)
    }

    /// The timed chore of the timer: lowers the level through the fade, and at the end
    /// pauses and gives the music its level back.
    func sleepIfDue() {
        guard let left = sleepSecondsLeft() else { return }
        // The pause's own fade ends at the timer's end (and before the item's, for its end).
        guard left > fades.seconds else {
            // The timer goes first, so the pause's own publication shows no timer left: a
            // client never sees the player paused by a timer that is still set.
            fades.sleepTimer = nil
            if player.state == .playing {
                _ = try? carryOut(.pause)
                logger.notice("sleep timer: paused")
            }
            endSleep()
            announce(.nowPlayingChanged)
            return
        }
        guard player.state == .playing, !fades.isFadingOut else { return }
        let level = SleepTimer.level(secondsLeft: left)
        guard abs(level - fades.sleepLevel) > 0.001 else { return }
        fades.sleepLevel = level
        // Each step ramps to the next, so the fade moves smoothly between the chores.
        sessions.fadePlayer(to: level, over: Int(SleepTimer.untilNextStep(secondsLeft: left) * 1000))
    }

    /// Clears the timer and gives the music its level back.
    private func endSleep() {
        fades.sleepTimer = nil
        guard fades.sleepLevel != 1 else { return }
        fades.sleepLevel = 1
        if !fades.isFadingOut { sessions.fadePlayer(to: 1, over: fades.milliseconds) }
    }

    /// Seconds until the timer ends: for a time, even while paused (a paused player is not
    /// woken, only its timer cleared); for the end of an item, only while it plays.
    private func sleepSecondsLeft() -> Double? {
        guard let sleepTimer = fades.sleepTimer else { return nil }
        let moment = now()
        let info = player.state == .playing ? player.nowPlayingInfo(at: moment) : nil
        return sleepTimer.endsAt(now: moment, playing: info).map { $0 - moment }
    }
}
