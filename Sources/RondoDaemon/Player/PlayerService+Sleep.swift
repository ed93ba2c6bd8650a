import Logging
import Playback
import RondoProtocol

/// The sleep timer (`player.sleep`, SPEC §15): the music fades over the timer's last 10 s,
/// in the player's transport fade (under its duck and the listener's volume), then pauses
/// and plays at its level again on the next play.
extension PlayerService {
    /// Sets the timer to `minutes` from now or to the end of the item playing, or clears it.
    /// - Throws: `badParam` unless exactly one of the three is given, for minutes outside
    ///   0 (excluded) to a day, or for the end of an item with nothing queued or a live stream.
    func setSleep(_ params: PlayerSleepParams) throws(PlayerCommandError) -> SleepState {
        switch (params.minutes, params.endOfItem, params.off) {
        case (let minutes?, nil, nil):
            guard minutes > 0, minutes <= 24 * 60 else { throw PlayerCommandError(.badParam, "minutes must be more than 0 and at most 1440 (a day)") }
            sleepTimer = SleepTimer(.at(now() + minutes * 60))
        case (nil, true, nil):
            guard let current = player.queue.current else { throw PlayerCommandError(.badParam, "nothing is queued, so no item can end") }
            guard player.nowPlayingInfo(at: now())?.metadata.isLiveStream != true else {
                throw PlayerCommandError(.badParam, "\(current.location) is a live stream, which has no end; give minutes instead")
            }
            sleepTimer = SleepTimer(.endOfItem)
        case (nil, nil, true):
            endSleep()
        default:
            throw PlayerCommandError(.badParam, "give one of minutes, endOfItem: true or off: true")
        }
        logger.notice("sleep timer: \(sleepTimer.map { "\($0.end)" } ?? "cleared")")
        hub.publish(Events.NowPlayingChanged.self, nowPlaying())
        chores.ring()
        return sleepState() ?? SleepState(endsAt: nil, endOfItem: false)
    }

    /// The timer as `nowPlaying.get` shows it; `nil` when none is set.
    func sleepState() -> SleepState? {
        guard let sleepTimer else { return nil }
        let moment = now()
        return SleepState(
            endsAt: sleepTimer.endsAt(now: moment, playing: player.state == .playing ? player.nowPlayingInfo(at: moment) : nil),
            endOfItem: sleepTimer.end == .endOfItem)
    }

    /// Seconds until the timer next moves the level or ends; `nil` with no timer or none
    /// known (the end of an item that is paused).
    func untilSleepStep() -> Double? {
        guard let left = sleepSecondsLeft() else { return nil }
        return SleepTimer.untilNextStep(secondsLeft: left - Double(fadeMilliseconds) / 1000)
    }

    /// The timed chore of the timer: lowers the level through the fade, and at the end
    /// pauses and gives the music its level back.
    func sleepIfDue() {
        guard let left = sleepSecondsLeft() else { return }
        // The pause's own fade ends at the timer's end (and before the item's, for its end).
        guard left > Double(fadeMilliseconds) / 1000 else {
            if player.state == .playing {
                _ = try? send(.pause)
                logger.notice("sleep timer: paused")
            }
            endSleep()
            hub.publish(Events.NowPlayingChanged.self, nowPlayingState())
            return
        }
        guard player.state == .playing, pendingFadeOut == nil else { return }
        let level = SleepTimer.level(secondsLeft: left)
        guard abs(level - sleepLevel) > 0.001 else { return }
        sleepLevel = level
        // Each step ramps to the next, so the fade moves smoothly between the chores.
        sessions.fadePlayer(to: level, over: Int(SleepTimer.untilNextStep(secondsLeft: left) * 1000))
    }

    /// Clears the timer and gives the music its level back.
    private func endSleep() {
        sleepTimer = nil
        guard sleepLevel != 1 else { return }
        sleepLevel = 1
        if pendingFadeOut == nil { sessions.fadePlayer(to: 1, over: fadeMilliseconds) }
    }

    /// Seconds until the timer ends: for a time, even while paused (a paused player is not
    /// woken, only its timer cleared); for the end of an item, only while it plays.
    private func sleepSecondsLeft() -> Double? {
        guard let sleepTimer else { return nil }
        let moment = now()
        let info = player.state == .playing ? player.nowPlayingInfo(at: moment) : nil
        return sleepTimer.endsAt(now: moment, playing: info).map { $0 - moment }
    }
}
