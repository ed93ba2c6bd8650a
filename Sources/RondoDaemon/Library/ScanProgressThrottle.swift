import Foundation
import Library
import RondoProtocol
import Synchronization

/// Publishes a scan's progress as `library.scanProgress` at most ten times a second (and
/// always the first and the last report), however often the scanner reports.
final class ScanProgressThrottle: Sendable {
    private struct State {
        var lastPublished: ContinuousClock.Instant?
        var latest: LibraryScanProgress?
        var latestPublished = false
    }

    private static let interval = Duration.milliseconds(100)
    private let hub: EventHub
    private let state = Mutex(State())

    /// Creates a throttle that publishes through `hub`.
    init(hub: EventHub) { self.hub = hub }

    /// Takes one progress report from the scanner, from any thread.
    func report(_ progress: ScanProgress) {
        let event = LibraryScanProgress(done: progress.done, total: progress.total)
        let now = ContinuousClock.now
        let publish = state.withLock { state in
            state.latest = event
            let due = state.lastPublished.map { now - $0 >= Self.interval } ?? true
            if due || progress.done == progress.total { state.lastPublished = now }
            state.latestPublished = due || progress.done == progress.total
            return state.latestPublished
        }
        if publish { hub.publish(.libraryScanning(event)) }
    }

    /// Publishes the last report if the throttle held it back.
    func finish() {
        let pending = state.withLock { state -> LibraryScanProgress? in
            defer { state.latestPublished = true }
            return state.latestPublished ? nil : state.latest
        }
        if let pending { hub.publish(.libraryScanning(pending)) }
    }
}
