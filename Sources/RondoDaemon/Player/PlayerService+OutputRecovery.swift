import Audio
import Focus
import Logging
import Playback
import RondoProtocol

extension PlayerService {
    /// The audio server went away: announced as a route change; a player that was playing
    /// waits for it (``retryOutputIfDue()``) to play on from the heard position.
    func audioServerWasLost(wasPlaying: Bool) {
        hub.publish(
            Events.RouteChangedEvent.self,
            RouteChanged(reason: .audioServerLost, previousSink: pulseSink, sink: nil))
        if wasPlaying { recovery.outputLost(at: now()) }
    }

    /// Tries the audio server again when an attempt is due: once it answers, the return is
    /// announced and playback resumes from the heard position. A server that answers but
    /// cannot open a stream yet leaves the wait going, with its window unchanged.
    func retryOutputIfDue() {
        guard recovery.attemptDue(at: now()) else { return }
        let reconnecting = !engine.isConnected
        do {
            try engine.connect()
        } catch {
            recovery.attemptFailed(at: now())
            return
        }
        if reconnecting {
            logger.notice("the audio server answers again; playing on where it was heard")
            hub.publish(
                Events.RouteChangedEvent.self,
                RouteChanged(reason: .audioServerRestored, previousSink: nil, sink: pulseSink))
        }
        guard player.state != .playing else {
            recovery.cancel()
            return
        }
        let result = try? send(RemoteSendParams(command: .play))
        if result?.status == .success {
            recovery.cancel()
        } else {
            recovery.attemptFailed(at: now())
            let outcome = result.map { "\($0.status)" + ($0.reason.map { " \($0)" } ?? "") } ?? "refused"
            logger.warning("playing on after the audio server's return failed: \(outcome); trying again")
        }
    }
}
