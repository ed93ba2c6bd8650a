import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor

/// One private PulseAudio server, a recorder on its null sink's monitor and a `rondod`
/// playing to it: everything a test needs to check playback by ear.
final class AudioTestBench {
    let pulse: PulseServer
    let monitor: MonitorRecorder
    let daemon: DaemonProcess
    let client: RondoClient

    init(daemonArguments: [String] = [], daemonEnvironment: [String: String] = [:]) throws {
        pulse = try PulseServer()
        monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        daemon = try DaemonProcess(pulseServer: pulse.server, arguments: daemonArguments, environment: daemonEnvironment)
        client = try daemon.client()
    }

    deinit {
        daemon.stop()
        monitor.stop()
        pulse.stop()
    }

    /// Sends a remote command and returns its status.
    @discardableResult
    func send(_ command: RemoteCommandName, positionTime: Double? = nil, interval: Double? = nil) throws -> RemoteCommandStatus {
        try client.call(Methods.RemoteSend.self, RemoteSendParams(command: command, positionTime: positionTime, interval: interval)).status
    }

    /// Replaces the queue with fixtures by name.
    func queue(_ names: String...) throws {
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: names.map(Fixtures.path)))
    }

    /// Plays the 440 Hz tone (`long440.mp3`) and returns its level as heard once it has
    /// settled, the reference a test compares later levels with.
    func playToneReference() throws -> Double {
        try queue("long440.mp3")
        try send(.play)
        return steadyLevel(of: 440)
    }

    /// The daemon's now-playing state.
    func nowPlaying() throws -> NowPlayingState { try client.call(Methods.NowPlayingGet.self) }

    /// Waits up to `timeout` seconds for `condition`, polling; returns whether it held.
    @discardableResult
    func wait(upTo timeout: Double, for condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return try condition()
    }

    /// What the listener hears over the next `seconds`: level of `frequency` in dBFS.
    func heardLevel(of frequency: Double, over seconds: Double = 0.3) -> Double {
        SignalAnalysis.level(monitor.listen(for: seconds), at: frequency)
    }

    /// The level of `frequency` once it is steady: two windows in a row agree within 0.3 dB,
    /// within 1.5 dB of `expected` (a fixture's full level unless told; `nil`: any level
    /// above silence, for a gain under test). A level taken while a stream still starts (or
    /// glitches, as a loaded PipeWire does) would be too low. Returns the last window's level
    /// when the tone never settles within `timeout`.
    func steadyLevel(of frequency: Double, near expected: Double? = fixtureToneLevel, upTo timeout: Double = 3) -> Double {
        var previous = -200.0
        var level = -200.0
        _ = wait(upTo: timeout) {
            (previous, level) = (level, heardLevel(of: frequency, over: 0.3))
            let plausible = expected.map { abs(level - $0) < 1.5 } ?? (level > silenceLevel)
            return plausible && abs(level - previous) < 0.3
        }
        return level
    }

    /// Waits up to `timeout` seconds until the last 0.1 s heard hold `frequency` within
    /// `tolerance` dB of `level`: for a change of level to reach the sink before a test
    /// measures it. Returns whether it did.
    @discardableResult
    func waitUntilHeard(_ frequency: Double, near level: Double, tolerance: Double = 1.5, upTo timeout: Double = 3) -> Bool {
        monitor.waitUntilHeard(within: timeout) { abs(SignalAnalysis.level($0, at: frequency) - level) < tolerance }
    }

    /// Waits up to `timeout` seconds until the last 0.1 s heard hold no `frequency`.
    @discardableResult
    func waitUntilSilent(at frequency: Double, upTo timeout: Double = 3) -> Bool {
        monitor.waitUntilHeard(within: timeout) { SignalAnalysis.level($0, at: frequency) < silenceLevel }
    }

    /// The strongest frequency the listener hears over the next `seconds`.
    func heardFrequency(over seconds: Double = 0.3) -> Double {
        SignalAnalysis.dominantFrequency(monitor.listen(for: seconds))
    }
}

/// The level of a half-scale sine, as the fixtures are made: 20·log10(0.5/√2).
let fixtureToneLevel = 20 * log10(0.5 / 2.0.squareRoot())
/// Below this the monitor counts as silent.
let silenceLevel = -60.0
