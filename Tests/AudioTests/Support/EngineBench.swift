import Audio
import Foundation
import RondoTesting
import SinkMonitor
import Synchronization

/// A ``PlaybackEngine`` playing to its own private PulseAudio server, with a recorder on
/// the null sink's monitor and a log of the engine's notices: what a listener hears and
/// what the engine says about it.
final class EngineBench {
    let pulse: PulseServer
    let monitor: MonitorRecorder
    let engine: PlaybackEngine
    private let notices = NoticeLog()

    /// Starts the server, the recorder and the engine, and makes the fixtures first so
    /// that making them never counts in a test's timing.
    init() throws {
        _ = Fixtures.directory
        pulse = try PulseServer()
        monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        let log = notices
        engine = PlaybackEngine(server: AudioServer(output: .pulse(server: pulse.server)), sink: pulse.sink) { notice in
            log.entries.withLock { $0.append((Date(), notice)) }
        }
    }

    deinit {
        engine.shutDown()
        monitor.stop()
        pulse.stop()
    }

    /// Loads a fixture (by name, or an absolute path) and plays it from `position`.
    func play(_ name: String, from position: Double = 0) throws {
        let path = name.hasPrefix("/") ? name : Fixtures.path(name)
        try engine.load(OpenedTrack.open(TrackSource(id: 1, path: path), at: position), playing: true)
    }

    /// When the engine first reported the end of everything loaded, waiting up to `timeout` s.
    func endTime(waitingUpTo timeout: Double) -> Date? {
        firstNotice(of: .reachedEnd, waitingUpTo: timeout)
    }

    /// When the engine first reported that the source `id` is heard, waiting up to `timeout` s.
    func advanceTime(to id: UInt64, waitingUpTo timeout: Double) -> Date? {
        firstNotice(of: .advanced(to: id), waitingUpTo: timeout)
    }

    /// When the engine first reported its output lost, waiting up to `timeout` s.
    func lossTime(waitingUpTo timeout: Double) -> Date? {
        firstNotice(waitingUpTo: timeout) { if case .outputLost = $0 { true } else { false } }
    }

    /// When the engine first reported `event`, waiting up to `timeout` s.
    func time(of event: EngineEvent, waitingUpTo timeout: Double) -> Date? {
        firstNotice(of: event, waitingUpTo: timeout)
    }

    /// When the engine first reported `event` after `moment`, waiting up to `timeout` s.
    func time(of event: EngineEvent, after moment: Date, waitingUpTo timeout: Double) -> Date? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let time = notices.entries.withLock { $0.first { $0.time > moment && $0.notice.event == event }?.time }
            if let time { return time }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date() < deadline
        return nil
    }

    private func firstNotice(of event: EngineEvent, waitingUpTo timeout: Double) -> Date? {
        firstNotice(waitingUpTo: timeout) { $0 == event }
    }

    private func firstNotice(waitingUpTo timeout: Double, where matches: (EngineEvent) -> Bool) -> Date? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let time = notices.entries.withLock { $0.first { matches($0.notice.event) }?.time }
            if let time { return time }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date() < deadline
        return nil
    }

    /// The strongest frequency heard over the next `seconds`.
    func heardFrequency(over seconds: Double) -> Double {
        SignalAnalysis.dominantFrequency(monitor.listen(for: seconds))
    }

    /// The arrival time of the first 20 ms window after `start` in which `frequency`
    /// is louder than `previous`: when the listener heard one step change to the next.
    func firstHeard(_ frequency: Double, over previous: Double, after start: Date, until end: Date) -> Date? {
        monitor.windows(from: start, to: end, window: 0.02).first {
            SignalAnalysis.level($0.samples, at: frequency) > SignalAnalysis.level($0.samples, at: previous)
        }?.time
    }
}

/// The engine's notices with their arrival times, shared with the engine's notice callback.
private final class NoticeLog: Sendable {
    let entries = Mutex<[(time: Date, notice: EngineNotice)]>([])
}
