import Audio
import Focus
import Logging
import Playback
import RondoProtocol

/// The audio server's reports, carried out in the order they came: sound starting and
/// stopping (a foreign session's activating and releasing it), other programs' streams
/// appearing and going, devices, and the connection's loss and return.
extension SessionService {
    /// Carries out one report of the audio server; ``run()`` calls it in order.
    func handle(_ event: AudioServerEvent) {
        switch event {
        case .soundStarted(let session):
            if isForeign(SessionID(rawValue: session)) { foreignSoundStarted(SessionID(rawValue: session)) }
            if let arena = find(SessionID(rawValue: session))?.arena { decide(.soundStarted(SessionID(rawValue: session)), in: arena) }
        case .soundStopped(let session):
            if let arena = find(SessionID(rawValue: session))?.arena { decide(.soundStopped(SessionID(rawValue: session)), in: arena) }
            if isForeign(SessionID(rawValue: session)) { foreignSoundStopped(SessionID(rawValue: session)) }
        case .foreignStreamAppeared(let stream):
            adoptForeignStream(stream)
        case .foreignStreamGone(let index, let captures):
            foreignStreamGone(index, captures: captures)
        case .sinkRemoved(let name, let sessions):
            logger.notice("output device \(name) went away")
            decide(.routeLost(sink: name)) {
                hub.publish(
                    .route(RouteChanged(reason: .oldDeviceUnavailable, previousSink: name, sink: nil)))
                if sessions.contains(Self.playerSession.rawValue) { playerContinuation.yield(.routeLost) }
            }
        case .sessionMoved(let session, let from, let to):
            guard session == Self.playerSession.rawValue else { return }
            logger.notice("the player's output moved from \(from) to \(to ?? "?")")
            hub.publish(
                .route(RouteChanged(reason: .override, previousSink: from, sink: to)))
        case .connected:
            audioConnected()
        case .serverLost:
            logger.notice("the audio server went away; session audio is controlled again once it answers")
            // What the lost connection said was sounding is stale: the next one reports afresh.
            for (session, arena) in allSessions where session.isProducingSound {
                decide(.soundStopped(session.id), in: arena)
            }
            // Other programs' streams are reported again, as new, by the next connection.
            closeForeignSessions()
        case .sinkAdded(let name):
            logger.notice("output device \(name) appeared")
            decide(.routeRestored(sink: name)) {
                hub.publish(
                    .route(RouteChanged(reason: .newDeviceAvailable, previousSink: nil, sink: name)))
            }
        }
    }
}
