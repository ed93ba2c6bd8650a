import Audio
import Focus
import Logging
import Playback

extension PlayerService {
    /// Takes a report of the audio server; called on its thread, it only queues the report
    /// for ``run()``.
    nonisolated func reported(_ event: AudioServerEvent) {
        serverReports.continuation.yield(event)
    }

    /// Carries out a report of the audio server (or of the Snapcast server the music goes
    /// to, which fails and returns the same way): its loss is announced as a route change and
    /// starts the wait of a player that wanted sound; its return is announced and ends the
    /// wait at once (``retryOutputIfDue()``). Sinks are the sessions' to report.
    func handle(_ report: AudioServerEvent) {
        switch report {
        case .serverLost:
            serverWasLost = true
            announceRoute(.audioServerLost, from: serverSink, to: nil)
            recovery.serverLost(at: now(), playing: player.state == .playing)
        case .connected:
            guard serverWasLost else { return }
            serverWasLost = false
            logger.notice("\(playsToSnapcast ? "the Snapcast server" : "the audio server") answers again")
            announceRoute(.audioServerRestored, from: nil, to: serverSink)
            recovery.serverBack(at: now())
            retryOutputIfDue()
        case .sinkAdded(let name):
            sinkAppeared(name)
            return
        case .sinkRemoved(let name, _):
            sinkWentAway(name)
            return
        default:
            return
        }
        chores.ring()
    }

    /// The sink a `route.changed` for the server's loss or return names: `snapcast` while
    /// the music goes to the Snapcast server (its loss is the route's), else the pinned sink.
    private var serverSink: String? { playsToSnapcast ? OutputChoice.snapcastName : pulseSink }

    /// Plays on from the heard position when an attempt is due and the audio server is up.
    /// A server that answers but cannot open a stream yet leaves the wait going, with its
    /// window unchanged.
    func retryOutputIfDue() {
        guard recovery.attemptDue(at: now()) else { return }
        guard engine.isConnected else {
            recovery.attemptFailed(at: now())
            return
        }
        guard player.state != .playing else {
            recovery.cancel()
            return
        }
        let result = try? carryOut(.play)
        if result?.status == .success {
            logger.notice("playing on where the audio server's loss stopped the sound")
            recovery.cancel()
        } else {
            recovery.attemptFailed(at: now())
            let outcome = result.map { "\($0.status)" + ($0.reason.map { " \($0)" } ?? "") } ?? "refused"
            logger.warning("playing on after the audio server's return failed: \(outcome); trying again")
        }
    }
}
