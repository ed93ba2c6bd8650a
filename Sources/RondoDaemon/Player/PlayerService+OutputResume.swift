import Audio
import Logging
import Playback

/// `[playback] resume_on_output` (SPEC §15): a matching sink that appears (the car
/// connecting) takes the music that a route's loss paused, or that stopped within the
/// window, and plays it there; the sink going away again pauses it as any route loss does,
/// and the music goes back to the listener's own output choice.
extension PlayerService {
    /// Notes, after every change the player applied, when sound last stopped.
    func noteStops() {
        outputResume.note(playing: player.state == .playing, wasPlaying: wasPlaying, at: now())
        wasPlaying = player.state == .playing
    }

    /// Notes where a playing player was when its route's loss is about to pause it.
    func noteRouteLoss() {
        guard player.state == .playing, let current = player.queue.current else { return }
        observeOutput()
        outputResume.noteRouteLoss(OutputResume.Pause(entry: current.id, position: player.elapsed(at: now())))
    }

    /// A sink appeared: when it is one the listener named and the player should resume,
    /// plays there.
    func sinkAppeared(_ name: String) {
        guard outputResume.rule?.matches(name) == true, player.state != .playing, !playsToSnapcast else { return }
        guard outputResume.resumes(on: name, entry: player.queue.current?.id, position: player.elapsed(at: now()), now: now()) else {
            logger.info("output \(name) appeared; nothing to resume on it")
            return
        }
        do {
            try engine.setSink(name, reopening: true)
        } catch {
            logger.warning("cannot play to \(name), which appeared: \(error)")
            return
        }
        outputResume.resumed(on: name)
        let result = try? carryOut(.play)
        logger.notice("output \(name) appeared: \(result?.status == .success ? "playing on there" : "could not play on there")")
    }

    /// A sink went away: the music it took leaves it for the listener's own choice.
    func sinkWentAway(_ name: String) {
        guard outputResume.wentAway(name) else { return }
        try? engine.setSink(pulseSink)
    }
}
