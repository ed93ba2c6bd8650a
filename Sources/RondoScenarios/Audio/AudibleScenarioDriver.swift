import Focus
import Glibc
import RondoClient
import RondoProtocol
import SinkMonitor
import Spawning

/// A ``RemoteScenarioDriver`` whose sessions are heard: `rondo scenario run --audio`.
///
/// Every session plays its own sine tone (``ToneProcess``) while it may sound: a tone starts
/// once its session is active or ducked, keeps running while the session is interrupted (the
/// daemon mutes it, and a silent interrupted session is what is checked), and stops when
/// the session turns inactive or closes. An inactive session's stream is not the daemon's to
/// mute, so a tone left running there would be heard; stopping it is what a player does.
/// Before `deactivate` and `close` the session's tone stops, as a player stops its sound
/// before it gives up its session, so that the daemon does not answer `isBusy`. A held
/// `voicePrompt` sounds, so it gets no silent-prompt advisory.
///
/// A spawned program with a `tone` plays it itself (``SpawnedProgram``); it is heard and
/// checked like a session, at its own frequency, for as long as it runs.
///
/// The runner calls ``snapshot()`` once after each step: there the tones are matched to the
/// states, the sink's monitor is recorded and each open session's tone is checked
/// (``AudioCheck``), by step number; a step after which no tone plays is not recorded.
/// Used from one thread.
struct AudibleScenarioDriver: ScenarioDriver {
    /// Tone frequencies in hertz, one per session in the order they open: none is a
    /// harmonic of another, and each fits a whole number of cycles in ``recording``.
    static let frequencies: [Double] = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47].map { $0 * 100 }
    /// Seconds recorded after each step to let ramps and new streams settle.
    static let settling = 0.3
    /// Seconds of each recording that are measured.
    static let recording = 0.3
    /// Seconds a step's failing checks are heard again for before they count.
    static let rehearing = 3.0
    /// Seconds the daemon is given to see a stopped tone's stream go.
    static let streamGone = 0.2

    private var inner: RemoteScenarioDriver
    private let client: RondoClient
    /// The daemon's id of each open session, by name.
    private var ids: [String: String] = [:]
    private var frequencies: [String: Double] = [:]
    private var tones: [String: ToneProcess] = [:]
    /// The tone of each running program that plays one, by id.
    private var programTones: [String: Double] = [:]
    private var references: [String: Double] = [:]
    private var step = 0
    /// The checks made after each step, by step number.
    private(set) var checks: [Int: [AudioCheck]] = [:]
    /// Why tones could not play or the monitor could not be recorded, by step number.
    private(set) var problems: [Int: [String]] = [:]

    /// Wraps `inner`, with a connection of its own to read session ids from the daemon.
    /// - Parameters:
    ///   - inner: the driver carrying the scenario out.
    ///   - socketPath: the daemon's socket.
    /// - Throws: when the daemon cannot be reached.
    init(_ inner: RemoteScenarioDriver, socketPath: String) throws(ScenarioDriverError) {
        self.inner = inner
        do {
            client = try RondoClient(socketPath: socketPath)
        } catch {
            throw ScenarioDriverError(code: ScenarioDriverError.daemonUnreachable, message: error.description)
        }
    }

    /// Stops every tone, then finishes `inner`.
    func finish() {
        for tone in tones.values { tone.stop() }
        inner.finish()
    }

    mutating func open(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        let before = Set(try sessions(named: name).map(\.session))
        try inner.open(name, request)
        ids[name] = try sessions(named: name).first { !before.contains($0.session) }?.session
        if frequencies[name] == nil {
            frequencies[name] = Self.frequencies[frequencies.count % Self.frequencies.count]
        }
    }

    mutating func configure(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        try inner.configure(name, request)
    }

    mutating func activate(_ name: String) throws(ScenarioDriverError) {
        try inner.activate(name)
    }

    mutating func deactivate(_ name: String, notifyOthers: Bool) throws(ScenarioDriverError) {
        silence(name)
        try inner.deactivate(name, notifyOthers: notifyOthers)
    }

    mutating func close(_ name: String) throws(ScenarioDriverError) {
        silence(name)
        try inner.close(name)
        ids[name] = nil
    }

    mutating func loseRoute() throws(ScenarioDriverError) {
        try inner.loseRoute()
    }

    mutating func restoreRoute() throws(ScenarioDriverError) {
        try inner.restoreRoute()
    }

    mutating func wait(_ seconds: Double) throws(ScenarioDriverError) {
        try inner.wait(seconds)
    }

    mutating func spawn(_ program: ScenarioProgram) throws(ScenarioDriverError) {
        try inner.spawn(program)
        if let tone = program.tone { programTones[program.id] = Double(tone) }
    }

    mutating func end(_ id: String, killing: Bool) throws(ScenarioDriverError) {
        programTones[id] = nil
        try inner.end(id, killing: killing)
    }

    mutating func setPaused(_ id: String, _ paused: Bool) throws(ScenarioDriverError) {
        try inner.setPaused(id, paused)
    }

    /// The state after a step: matches the tones to it, then records and checks them.
    mutating func snapshot() throws(ScenarioDriverError) -> ScenarioSnapshot {
        let snapshot = try inner.snapshot()
        step += 1
        reconcile(with: snapshot)
        let heard = (ids.keys.map { ($0, frequencies[$0, default: 0]) } + programTones.map { ($0.key, $0.value) })
            .sorted { $0.1 < $1.1 }
        // With no tone playing nothing of the scenario can be heard, and an idle sink may
        // take seconds to deliver its monitor's first samples.
        guard !heard.isEmpty, !tones.isEmpty || !programTones.isEmpty else { return snapshot }
        var stepChecks: [AudioCheck]
        do {
            stepChecks = measure(heard, in: snapshot, samples: try Self.record())
            // A busy machine can drop a moment of a tone or of the monitor's capture, and a
            // program just started may take a moment to sound (on PipeWire most): a check
            // that fails is heard again, for up to ``rehearing`` seconds, before it counts.
            let deadline = ContinuousClock.now + .seconds(Self.rehearing)
            while stepChecks.contains(where: { !$0.passed }), ContinuousClock.now < deadline {
                stepChecks = measure(heard, in: snapshot, samples: try Self.record())
            }
        } catch {
            problems[step, default: []].append(error.description)
            return snapshot
        }
        for check in stepChecks where check.reference == nil {
            // A reference is taken only near the level every tone is played at: a first
            // measurement caught in a ramp (a stream unmuted, a program starting) would
            // misjudge the steps after it; the next active one establishes it instead.
            if check.passed, abs(check.measured - ToneProcess.nominalLevel) <= AudioCheck.tolerance {
                references[check.session] = check.measured
            }
        }
        checks[step, default: []] += stepChecks
        return snapshot
    }

    /// The checks of each heard tone in `samples`, against its reference (none for an active
    /// session's first measurement, which establishes it).
    private func measure(_ heard: [(String, Double)], in snapshot: ScenarioSnapshot, samples: [Float]) -> [AudioCheck] {
        heard.map { name, frequency in
            let state = snapshot.state(of: name)
            let establishes = state == .active && references[name] == nil
            return AudioCheck(
                session: name, state: state, frequency: frequency, measured: SignalAnalysis.level(samples, at: frequency),
                reference: establishes ? nil : references[name, default: ToneProcess.nominalLevel],
                gain: snapshot.gain(of: name))
        }
    }

    mutating func takeEvents() throws(ScenarioDriverError) -> [ScenarioEvent] {
        try inner.takeEvents()
    }

    /// Starts the tones of sessions that may sound and stops those of inactive or closed ones.
    private mutating func reconcile(with snapshot: ScenarioSnapshot) {
        for name in tones.keys where ids[name] == nil || snapshot.state(of: name) == .inactive {
            tones.removeValue(forKey: name)?.stop()
        }
        for (name, id) in ids.sorted(by: { $0.key < $1.key })
        where snapshot.state(of: name).isActive && tones[name] == nil {
            do {
                tones[name] = try ToneProcess(frequency: frequencies[name, default: 0], session: id)
            } catch {
                problems[step, default: []].append("cannot play \(name)'s tone: \(error.description)")
            }
        }
    }

    /// What the default sink's monitor plays once ``settling`` seconds have let what the step
    /// changed take effect (the policy ramps over 50 ms by default): the next ``recording``
    /// seconds. Each recording starts its own `parec` and ends it, so no stale audio piles up
    /// between steps however long a step takes.
    private static func record() throws(MonitorCaptureError) -> [Float] {
        let capture = try MonitorCapture()
        defer { capture.stop() }
        _ = try capture.samples(Int(settling * MonitorCapture.sampleRate))
        return try capture.samples(Int(recording * MonitorCapture.sampleRate))
    }

    /// Stops `name`'s tone and gives the daemon time to see its stream go.
    private mutating func silence(_ name: String) {
        guard let tone = tones.removeValue(forKey: name) else { return }
        tone.stop()
        var pause = timespec(tv_sec: 0, tv_nsec: Int(Self.streamGone * 1e9))
        var remaining = timespec()
        while nanosleep(&pause, &remaining) != 0, errno == EINTR { pause = remaining }
    }

    /// The sessions the daemon lists under `name` in `inner`'s sandbox (or on the real arbiter).
    private func sessions(named name: String) throws(ScenarioDriverError) -> [SessionInfo] {
        do {
            return try client.call(Methods.SessionList.self, Empty()).filter {
                $0.name == name && $0.sandbox == inner.sandbox
            }
        } catch {
            throw ScenarioDriverError(code: ScenarioDriverError.daemonUnreachable, message: error.description)
        }
    }
}
