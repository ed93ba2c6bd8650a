import Audio
import Foundation

/// Holds the opening of one file until a test lets it go, as a source that takes long to
/// answer (a slow disk, a stream's server) would; every other file opens at once.
///
/// Ownership: the three flags are guarded by `condition`.
final class OpenGate: @unchecked Sendable {
    private let held: String
    private let condition = NSCondition()
    private var entered = false
    private var released = false
    private var left = false

    /// A gate holding the opening of the file at `held`.
    init(holding held: String) {
        self.held = held
    }

    /// Opens `source` as the player's loader does, waiting first, for the held file, until
    /// ``release()`` (or a minute, so a failing test cannot hang).
    func open(_ source: TrackSource, at position: Double) throws(AudioError) -> OpenedTrack {
        if source.path == held {
            condition.lock()
            entered = true
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: 60)
            while !released, condition.wait(until: deadline) {}
            condition.unlock()
        }
        defer {
            if source.path == held { condition.withLock { left = true } }
        }
        return try OpenedTrack.open(source, at: position)
    }

    /// Whether the held open has started and not yet returned.
    var isHolding: Bool { condition.withLock { entered && !left } }

    /// Waits (without a thread) until the held open has started.
    func waitUntilEntered() async throws {
        for _ in 0..<2_000 where !condition.withLock({ entered }) { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// Lets the held open go on.
    func release() {
        condition.withLock {
            released = true
            condition.broadcast()
        }
    }
}
