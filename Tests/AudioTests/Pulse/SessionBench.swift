import Audio
import Foundation
import RondoTesting
import Spawning
import Synchronization

/// The session control of an ``AudioServer`` on its own private PulseAudio server, a
/// recorder on the null sink's monitor, the server's reports as they came, and `paplay` children tagged with a
/// session through `PULSE_PROP`, as `rondo session exec` tags a command.
final class SessionBench {
    let pulse: PulseServer
    let monitor: MonitorRecorder
    let server: AudioServer
    let control: any SessionAudio
    private let directory: TemporaryDirectory
    private let log = EventLog()
    private let children = Mutex<[ChildProcess]>([])

    /// Starts the server, the recorder and the control.
    init() throws {
        pulse = try PulseServer()
        monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        directory = try TemporaryDirectory(prefix: "rondo-session")
        let log = self.log
        server = AudioServer(output: .pulse(server: pulse.server))
        server.observe { event in log.events.withLock { $0.append(event) } }
        try server.connectNow()
        guard let control = server.sessionAudio else { throw AudioError.pulseUnavailable("no session control") }
        self.control = control
    }

    deinit {
        children.withLock { children in for child in children { _ = child.terminate() } }
        server.shutDown()
        monitor.stop()
        pulse.stop()
        directory.remove()
    }

    /// The `PULSE_PROP` value that tags every stream of a command with `session`: the
    /// `pa_proplist_from_string` format, the value double-quoted with `\` before `"` and `\`.
    static func pulseProperty(session: String) -> String {
        let escaped = session.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(SessionAudioControl.sessionProperty)=\"\(escaped)\""
    }

    /// Starts `paplay` playing `seconds` of a sine at `frequency` (amplitude 0.3, so that two
    /// mixed never clip), its streams tagged with `session`, to `sink` (the test sink if `nil`).
    @discardableResult
    func play(_ frequency: Int, seconds: Double = 20, session: String, sink: String? = nil) throws -> ChildProcess {
        let file = directory.appending("tone\(frequency)-\(seconds).wav")
        if !FileManager.default.fileExists(atPath: file) {
            let made = Subprocess.run([
                "/usr/bin/sox", "-n", "-r", "44100", "-c", "2", file, "synth", "\(seconds)", "sine", "\(frequency)", "vol", "0.3",
            ])
            precondition(made == 0, "sox could not make \(file)")
        }
        let child = try ChildProcess(
            ["/usr/bin/paplay", file],
            environment: [
                "PULSE_SERVER": pulse.server, "PULSE_PROP": Self.pulseProperty(session: session),
                "PULSE_SINK": sink ?? pulse.sink,
            ])
        children.withLock { $0.append(child) }
        return child
    }

    /// The events so far about sessions, sinks and the connection, in order; reports of
    /// other programs' streams (the bench's own recorders among them) are left out.
    var events: [AudioServerEvent] {
        log.events.withLock { events in
            events.filter {
                switch $0 {
                case .foreignStreamAppeared, .foreignStreamGone: false
                default: true
                }
            }
        }
    }

    /// Waits up to `timeout` seconds for `event`; returns whether it came.
    func waitFor(_ event: AudioServerEvent, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !events.contains(event) {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    /// What the listener hears over the next half second, after `settle` seconds in which a
    /// change just made (a ramp, the server's buffers) has played through.
    func listen(after settle: Double = 0.3) -> [Float] {
        Thread.sleep(forTimeInterval: settle)
        return monitor.listen(for: 0.5)
    }
}

/// The server's reports, shared with its observer.
private final class EventLog: Sendable {
    let events = Mutex<[AudioServerEvent]>([])
}
