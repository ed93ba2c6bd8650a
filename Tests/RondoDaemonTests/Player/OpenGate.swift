import Audio
import Foundation

/// Holds the opening of one file until a test lets it go, as a source that takes long to
/// answer (a slow disk, a stream's server) would; every other file opens at once.
///
/// Ownership: the flags and the waiters are guarded by `condition`.
final class OpenGate: @unchecked Sendable {
    private let held: String
    private let condition = NSCondition()
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var entered = false
    private var released = false
    private var left = false

    /// A gate holding the opening of the file at `held`.
    init(holding held: String) {
        self.held = held
    }

    /// Opens `source` as the player's loader does, waiting first, for the held file, until
    /// ``release()``.
    func open(_ source: TrackSource, at position: Double) throws(AudioError) -> OpenedTrack {
        if source.path == held {
            condition.lock()
            entered = true
            let entering = waiters
            waiters = []
            condition.unlock()
            for waiter in entering { waiter.resume() }
            condition.lock()
            while !released { condition.wait() }
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
    func waitUntilEntered() async {
        await withCheckedContinuation { waiter in
            let now = condition.withLock {
                if entered { return true }
                waiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }

    /// Lets the held open go on.
    func release() {
        condition.withLock {
            released = true
            condition.broadcast()
        }
    }
}
