import Audio
import Synchronization

@testable import RondoDaemon

/// A stand-in for the audio server's session control: records every change asked of it,
/// in order, and lets a test send the reports a server would.
final class FakeSessionAudio: SessionAudio {
    /// Every change asked, as text (`gain music 0.3 ramp 300`, `mute nav`, …), in order.
    let calls = Mutex<[String]>([])
    /// Whether it still counts as connected; a test turns it off to make the sessions reconnect.
    let connected = Atomic<Bool>(true)
    /// Where the sessions want reports.
    let onEvent: @Sendable (SessionAudioEvent) -> Void

    init(onEvent: @escaping @Sendable (SessionAudioEvent) -> Void) { self.onEvent = onEvent }

    var isConnected: Bool { connected.load(ordering: .relaxed) }
    var log: [String] { calls.withLock { $0 } }

    func setGain(_ gain: Double, session: String, rampMilliseconds: Int) {
        record("gain \(session) \(gain) ramp \(rampMilliseconds)")
    }
    func setVolume(_ volume: Double, session: String) { record("volume \(session) \(volume)") }
    func setInterrupted(_ interrupted: Bool, session: String) { record("\(interrupted ? "mute" : "unmute") \(session)") }
    func outputs(of session: String) -> (devices: [OutputDevice], inUse: String?) { ([], nil) }
    func forget(session: String) { record("forget \(session)") }
    func flush(within seconds: Double) -> Bool {
        record("flush")
        return true
    }

    private func record(_ call: String) { calls.withLock { $0.append(call) } }
}

/// Hands out ``FakeSessionAudio`` connections and keeps each one made.
final class FakeAudioServer: Sendable {
    private let made = Mutex<[FakeSessionAudio]>([])

    /// Every connection made so far, oldest first.
    var connections: [FakeSessionAudio] { made.withLock { $0 } }

    /// The connector a ``SessionService`` is given.
    var connector: SessionAudioConnector {
        { [self] onEvent in
            let audio = FakeSessionAudio(onEvent: onEvent)
            made.withLock { $0.append(audio) }
            return audio
        }
    }
}
