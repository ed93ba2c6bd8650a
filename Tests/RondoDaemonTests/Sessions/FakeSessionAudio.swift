import Audio
import Synchronization

@testable import RondoDaemon

/// A stand-in for the audio server's session control: records every change asked of it,
/// in order.
final class FakeSessionAudio: SessionAudio {
    /// Every change asked, as text (`gain music 0.3 ramp 300`, `mute nav`, …), in order.
    let calls = Mutex<[String]>([])
    var isConnected: Bool { true }
    var log: [String] { calls.withLock { $0 } }

    func setGain(_ gain: Double, session: String, rampMilliseconds: Int) {
        record("gain \(session) \(gain) ramp \(rampMilliseconds)")
    }
    func setFade(_ level: Double, session: String, rampMilliseconds: Int) {
        record("fade \(session) \(level) ramp \(rampMilliseconds)")
    }
    func setVolume(_ volume: Double, session: String) { record("volume \(session) \(volume)") }
    func setInterrupted(_ interrupted: Bool, session: String, rampMilliseconds: Int) { record("\(interrupted ? "mute" : "unmute") \(session)") }
    func outputs(of session: String) -> (devices: [OutputDevice], inUse: String?) { ([], nil) }
    func adopt(_ stream: ForeignAudioStream, as session: String) { record("adopt \(stream.index) \(session)") }
    /// The sessions the test says play now.
    let sounding = Mutex<Set<String>>([])
    func isSounding(session: String) -> Bool { sounding.withLock { $0.contains(session) } }
    func forget(session: String) { record("forget \(session)") }
    func flush(within seconds: Double) -> Bool {
        record("flush")
        return true
    }

    private func record(_ call: String) { calls.withLock { $0.append(call) } }
}

/// Stands in for the audio server: its connection's session control, and a new one each
/// time it "reconnects".
final class FakeAudioServer: Sendable {
    private let made = Mutex<[FakeSessionAudio]>([FakeSessionAudio()])

    /// Every control made so far, oldest first; the last is the connection up now.
    var connections: [FakeSessionAudio] { made.withLock { $0 } }

    /// What a ``SessionService`` is given as the session control up now.
    var audio: @Sendable () -> (any SessionAudio)? { { [self] in made.withLock { $0.last } } }

    /// Replaces the connection with a new one, as a server that came back.
    func reconnect() { made.withLock { $0.append(FakeSessionAudio()) } }
}
