import Audio
import Playback
import Synchronization

/// A stand-in for the playback engine: records every command, in order, answers as a
/// healthy engine would, and lets a test send the notices the engine would.
final class FakeEngine: PlaybackControl {
    private struct State {
        var calls: [String] = []
        var loaded: TrackSource?
        var prepared: TrackSource?
        var heard: Double = 0
        var generation = 0
        var serverDown = false
        var output = AudioOutput.null
    }

    private let state = Mutex(State())
    /// The stream a ``PlayerService`` reads the notices from.
    let notices: AsyncStream<EngineNotice>
    private let continuation: AsyncStream<EngineNotice>.Continuation

    init() { (notices, continuation) = AsyncStream.makeStream() }

    /// Every command, as text (`load a.mp3 at 0.0 playing`, `prepareNext b.mp3`, `pause`, …), in order.
    var log: [String] { state.withLock { $0.calls } }
    /// Forgets the commands so far.
    func clearLog() { state.withLock { $0.calls = [] } }
    /// Makes every load fail as with no audio server.
    func takeServerDown() { state.withLock { $0.serverDown = true } }
    /// Makes loads succeed again, as with a server back.
    func bringServerBack() { state.withLock { $0.serverDown = false } }
    /// Sends a notice of the current generation, as the engine would.
    func notify(_ event: EngineEvent) {
        // A lost output leaves nothing loaded, as in the engine.
        if case .outputLost = event { state.withLock { $0.loaded = nil } }
        continuation.yield(EngineNotice(event: event, generation: generation))
    }

    var generation: Int { state.withLock { $0.generation } }
    var isLoaded: Bool { state.withLock { $0.loaded != nil } }
    var isConnected: Bool { state.withLock { !$0.serverDown } }
    var position: (sourceID: UInt64, seconds: Double)? {
        state.withLock { state in state.loaded.map { ($0.id, state.heard) } }
    }

    /// Moves what the listener hears in the loaded source to `seconds`, as playing does.
    func hear(_ seconds: Double) { state.withLock { $0.heard = seconds } }

    func connect() throws(AudioError) {
        if state.withLock({ $0.serverDown }) { throw .pulseUnavailable("no server") }
    }

    func load(_ track: OpenedTrack, playing: Bool) throws(AudioError) {
        let refused = state.withLock { state in
            state.calls.append("load \(Self.name(track.source)) at \(track.position) \(playing ? "playing" : "paused")")
            if state.serverDown { return true }
            state.loaded = track.source
            state.heard = track.position
            state.generation += 1
            return false
        }
        if refused { throw .pulseUnavailable("no server") }
    }

    func prepareNext(_ track: OpenedTrack?) {
        state.withLock { state in
            state.calls.append("prepareNext \(track.map { Self.name($0.source) } ?? "nothing")")
            state.prepared = track?.source
        }
    }

    /// Plays on into the pre-rolled source and says so, as the engine does at a gapless join.
    func advanceToPrepared() {
        guard
            let next = state.withLock({ state -> TrackSource? in
                defer {
                    state.loaded = state.prepared
                    state.prepared = nil
                    state.heard = 0
                }
                return state.prepared
            })
        else { return }
        notify(.advanced(to: next.id))
    }
    func resume() -> Bool {
        record("resume")
        return isLoaded
    }
    func pause() { record("pause") }
    func stop() {
        state.withLock { state in
            state.calls.append("stop")
            state.loaded = nil
            state.generation += 1
        }
    }
    func seek(to position: Double) throws(AudioError) {
        state.withLock { state in
            state.calls.append("seek \(position)")
            state.heard = position
            state.generation += 1
        }
    }
    func setRate(_ rate: Double) { record("rate \(rate)") }
    func setGain(_ gain: Float, forSource id: UInt64) { record("gain \(gain) for \(id)") }
    func scan(_ direction: ScanDirection) { record("scan \(direction)") }
    func endScan() { record("endScan") }
    func setSink(_ sink: String?, reopening: Bool) throws(AudioError) { record("sink \(sink ?? "default")") }
    var output: AudioOutput { state.withLock { $0.output } }
    func moveOutput(to output: AudioOutput) throws(AudioError) {
        record("output \(output)")
        state.withLock { $0.output = output }
    }
    func leadOutput(to output: AudioOutput) throws(AudioError) {
        record("lead \(output)")
        state.withLock { $0.output = output }
    }
    func setStreamVolume(_ volume: Double) { record("volume \(volume)") }
    func shutDown() { record("shutDown") }

    /// A source by its file name, as the log shows it.
    private static func name(_ source: TrackSource) -> String { String(source.path.split(separator: "/").last ?? "") }

    private func record(_ call: String) { state.withLock { $0.calls.append(call) } }
}
